// Codeforces 786A Berzerk: the classic solution. Retrograde analysis (BFS from the two states
// with the monster in the black hole) with a counter of undecided moves per state.
#include <bits/stdc++.h>
using namespace std;

int n, k[2];
int s[2][7000];
int res[2][7000];  // 0 undecided (loop), 1 win, 2 lose, for the player to move
int cnt[2][7000];

int main() {
    scanf("%d", &n);
    for (int p = 0; p < 2; p++) {
        scanf("%d", &k[p]);
        for (int i = 0; i < k[p]; i++) scanf("%d", &s[p][i]);
    }
    for (int p = 0; p < 2; p++)
        for (int x = 0; x < n; x++) cnt[p][x] = k[p];
    queue<pair<int, int>> q;
    res[0][0] = res[1][0] = 2;
    q.push({0, 0});
    q.push({1, 0});
    while (!q.empty()) {
        auto [p, x] = q.front();
        q.pop();
        int o = 1 - p;
        for (int i = 0; i < k[o]; i++) {
            int y = (x - s[o][i] + n) % n;
            if (y == 0 || res[o][y]) continue;
            if (res[p][x] == 2) {
                res[o][y] = 1;
                q.push({o, y});
            } else if (--cnt[o][y] == 0) {
                res[o][y] = 2;
                q.push({o, y});
            }
        }
    }
    for (int p = 0; p < 2; p++) {
        for (int x = 1; x < n; x++) {
            if (x > 1) putchar(' ');
            fputs(res[p][x] == 1 ? "Win" : res[p][x] == 2 ? "Lose" : "Loop", stdout);
        }
        putchar('\n');
    }
}
