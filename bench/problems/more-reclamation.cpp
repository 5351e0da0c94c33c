// More Reclamation (Codeforces 335C): the classic solution.
// Reclaimed cells split the river into independent runs of free rows; a run is (top end,
// length, bottom end) with ends 0 = the river's end, 1/2 = the column of the reclaimed cell next
// to it. Grundy values of runs by mex over all moves (memo), XOR over the runs.
#include <bits/stdc++.h>
using namespace std;

int memo[3][3][105];
bool done_[3][3][105];

int grundy(int a, int len, int b) {
    if (len == 0) return 0;
    if (done_[a][b][len]) return memo[a][b][len];
    vector<char> seen(2 * len + 2, 0);
    for (int i = 0; i < len; i++) {
        for (int c = 1; c <= 2; c++) {
            if (i == 0 && a != 0 && a != c) continue;
            if (i == len - 1 && b != 0 && b != c) continue;
            int v = grundy(a, i, c) ^ grundy(c, len - 1 - i, b);
            if (v < (int)seen.size()) seen[v] = 1;
        }
    }
    int m = 0;
    while (seen[m]) m++;
    done_[a][b][len] = true;
    return memo[a][b][len] = m;
}

int main() {
    int r, n;
    cin >> r >> n;
    vector<int> row(r, 0);
    for (int k = 0; k < n; k++) {
        int ri, ci;
        cin >> ri >> ci;
        row[ri - 1] = ci;
    }
    int x = 0, top = 0, start = 0;
    for (int i = 0; i <= r; i++) {
        if (i == r || row[i] != 0) {
            int bottom = i == r ? 0 : row[i];
            x ^= grundy(top, i - start, bottom);
            top = bottom;
            start = i + 1;
        }
    }
    cout << (x != 0 ? "WIN" : "LOSE") << endl;
    return 0;
}
