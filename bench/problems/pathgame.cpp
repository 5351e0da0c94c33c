// PathGame (TopCoder SRM 637 Div1 500): the classic solution.
// A black cell forbids the three cells of the other row around it, so the board splits into runs
// of all-white columns; a run is (left end, length, right end) with ends 0 = edge, 1 = black in
// the top row, 2 = black in the bottom row. Grundy values of runs by mex over all moves (memo),
// XOR over the runs. O(W^2).
#include <bits/stdc++.h>
using namespace std;

int memo[3][3][1005];
bool done_[3][3][1005];

int grundy(int a, int len, int b) {
    if (len == 0) return 0;
    if (done_[a][b][len]) return memo[a][b][len];
    vector<char> seen(2 * len + 2, 0);
    for (int i = 0; i < len; i++) {
        for (int r = 1; r <= 2; r++) {
            if (i == 0 && a != 0 && a != r) continue;
            if (i == len - 1 && b != 0 && b != r) continue;
            int v = grundy(a, i, r) ^ grundy(r, len - 1 - i, b);
            if (v < (int)seen.size()) seen[v] = 1;
        }
    }
    int m = 0;
    while (seen[m]) m++;
    done_[a][b][len] = true;
    return memo[a][b][len] = m;
}

int main() {
    string top, bottom;
    cin >> top >> bottom;
    int w = top.size();
    vector<int> col(w, 0);
    for (int c = 0; c < w; c++) {
        if (top[c] == '#') col[c] = 1;
        else if (bottom[c] == '#') col[c] = 2;
    }
    int x = 0, left = 0, start = 0;
    for (int c = 0; c <= w; c++) {
        if (c == w || col[c] != 0) {
            int right = c == w ? 0 : col[c];
            x ^= grundy(left, c - start, right);
            left = right;
            start = c + 1;
        }
    }
    cout << (x != 0 ? "Snuke" : "Sothe") << endl;
    return 0;
}
