// TopCoder SRM 588 Div1 1100 GameInDarkness: the write-up's criterion.
// Bob wins iff some cell v has at least three neighbouring branches of at least 3 cells (the
// neighbour and two more cells away from v) and dist(A, v) - dist(B, v) >= 2.
// Input: the rows, one per line, or the literal form {"A.B..", "##.##"}.
#include <bits/stdc++.h>
using namespace std;

int H, W;
vector<string> g;

bool open_cell(int r, int c) { return r >= 0 && r < H && c >= 0 && c < W && g[r][c] != '#'; }

const int DR[4] = {-1, 1, 0, 0}, DC[4] = {0, 0, -1, 1};

vector<int> bfs(int sr, int sc) {
    vector<int> d(H * W, -1);
    queue<int> q;
    d[sr * W + sc] = 0;
    q.push(sr * W + sc);
    while (!q.empty()) {
        int v = q.front();
        q.pop();
        int r = v / W, c = v % W;
        for (int k = 0; k < 4; k++) {
            int nr = r + DR[k], nc = c + DC[k];
            if (open_cell(nr, nc) && d[nr * W + nc] < 0) {
                d[nr * W + nc] = d[v] + 1;
                q.push(nr * W + nc);
            }
        }
    }
    return d;
}

// Whether the branch entered from (pr, pc) into (r, c) has at least `need` cells.
bool deep(int pr, int pc, int r, int c, int need) {
    if (need <= 1) return true;
    for (int k = 0; k < 4; k++) {
        int nr = r + DR[k], nc = c + DC[k];
        if ((nr != pr || nc != pc) && open_cell(nr, nc) && deep(r, c, nr, nc, need - 1)) return true;
    }
    return false;
}

int main() {
    ios::sync_with_stdio(false);
    string all((istreambuf_iterator<char>(cin)), istreambuf_iterator<char>());
    size_t first = all.find_first_not_of(" \t\r\n");
    if (first != string::npos && (all[first] == '{' || all[first] == '"')) {
        size_t i = 0;
        while ((i = all.find('"', i)) != string::npos) {
            size_t j = all.find('"', i + 1);
            g.push_back(all.substr(i + 1, j - i - 1));
            i = j + 1;
        }
    } else {
        istringstream in(all);
        string line;
        while (getline(in, line)) {
            size_t a = line.find_first_not_of(" \t\r"), b = line.find_last_not_of(" \t\r");
            if (a != string::npos) g.push_back(line.substr(a, b - a + 1));
        }
    }
    H = g.size();
    W = g[0].size();
    int ar = 0, ac = 0, br = 0, bc = 0;
    for (int r = 0; r < H; r++)
        for (int c = 0; c < W; c++) {
            if (g[r][c] == 'A') ar = r, ac = c;
            if (g[r][c] == 'B') br = r, bc = c;
        }
    vector<int> da = bfs(ar, ac), db = bfs(br, bc);
    bool bob = false;
    for (int r = 0; r < H && !bob; r++)
        for (int c = 0; c < W && !bob; c++) {
            if (!open_cell(r, c) || da[r * W + c] - db[r * W + c] < 2) continue;
            int branches = 0;
            for (int k = 0; k < 4; k++) {
                int nr = r + DR[k], nc = c + DC[k];
                if (open_cell(nr, nc) && deep(r, c, nr, nc, 3)) branches++;
            }
            if (branches >= 3) bob = true;
        }
    cout << (bob ? "Bob wins" : "Alice wins") << "\n";
}
