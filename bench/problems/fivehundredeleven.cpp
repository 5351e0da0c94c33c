// TopCoder SRM 511 Div 2 1000 FiveHundredEleven: the classic solution. Memoized win/lose over
// (memory, number of cards played): cards that are subsets of the memory are interchangeable
// pass moves.
#include <bits/stdc++.h>
using namespace std;

int n;
vector<int> cards;
int memo[512][51];  // 0 unknown, 1 win, 2 lose

bool win(int mem, int played) {
    if (memo[mem][played]) return memo[mem][played] == 1;
    bool w = false;
    int subsets = 0;
    for (int c : cards) {
        if ((c | mem) == mem) {
            subsets++;
        } else if ((c | mem) != 511 && !win(c | mem, played + 1)) {
            w = true;
            break;
        }
    }
    if (!w && subsets > played && !win(mem, played + 1)) w = true;
    memo[mem][played] = w ? 1 : 2;
    return w;
}

int main() {
    // Values separated by spaces, commas or newlines, optionally inside braces.
    string text, line;
    while (getline(cin, line)) text += line + " ";
    for (char &ch : text)
        if (ch == ',' || ch == '{' || ch == '}') ch = ' ';
    istringstream in(text);
    int v;
    while (in >> v) cards.push_back(v);
    n = cards.size();
    puts(win(0, 0) ? "Fox Ciel" : "Toastman");
}
