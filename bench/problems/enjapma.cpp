// yukicoder 819 Enjapma, the classic solution: colour the board like a checkerboard from the
// bottom-left cell; with x pieces, y of them on the bottom-left colour, the first player loses
// exactly when (x + y) % 3 == 0.
#include <bits/stdc++.h>
using namespace std;

int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int h, w;
    if (!(cin >> h >> w)) return 1;
    long long x = 0, y = 0;
    string s;
    for (int i = 0; i < h; i++) {
        cin >> s;
        for (int j = 0; j < w; j++) {
            if (s[j] == 'o') {
                x++;
                if ((h - 1 - i + j) % 2 == 0) y++;
            }
        }
    }
    cout << ((x + y) % 3 == 0 ? "YES" : "NO") << '\n';
    return 0;
}
