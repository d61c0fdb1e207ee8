#!/usr/bin/env python3
"""Write tests/suite/contest/programs.jsonl: the differential corpus of
contest-style programs (Python and C++), written here in the idioms contest
solutions use, each with the inputs it is run on.

tests/suite/contest.rs runs every program natively (`python3`, and `g++
-std=c++17 -O2` with an unlimited stack, stdin a file, as judges run them)
and in wasmeval, and checks that each case gets the same verdict: the same
stdout when the native run ends with status 0, a failure when it does not.
The suite runs the first two inputs of each program; `scripts/agree`
(WASMEVAL_TEST_FULL=1) runs them all.

A line with `limit` names a platform limit docs/guide.md lists: its cases are
run and counted, not required to agree.

    scripts/make-contest-corpus.py   # rewrites the file
"""
import json
import random
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "suite" / "contest" / "programs.jsonl"
rng = random.Random(56)


def ints(n, lo, hi):
    return " ".join(str(rng.randint(lo, hi)) for _ in range(n))


def array_inputs(sizes, lo=-10**9, hi=10**9):
    return [f"{n}\n{ints(n, lo, hi)}\n" for n in sizes]



def graph_random(n, m, w=10**6):
    lines = [f"{n} {m}"]
    for i in range(2, n + 1):  # connected
        lines.append(f"{rng.randint(1, i - 1)} {i} {rng.randint(1, w)}")
    for _ in range(m - (n - 1)):
        lines.append(f"{rng.randint(1, n)} {rng.randint(1, n)} {rng.randint(1, w)}")
    return "\n".join(lines) + "\n"


def words(n, alphabet="abc", length=(1, 8)):
    return [
        "".join(rng.choice(alphabet) for _ in range(rng.randint(*length))) for _ in range(n)
    ]


FAST_IO = """import os, sys
from io import BytesIO, IOBase
BUFSIZE = 8192
class FastIO(IOBase):
    newlines = 0
    def __init__(self, file):
        self._fd = file.fileno()
        self.buffer = BytesIO()
        self.writable = "x" in file.mode or "r" not in file.mode
        self.write = self.buffer.write if self.writable else None
    def read(self):
        while True:
            b = os.read(self._fd, max(os.fstat(self._fd).st_size, BUFSIZE))
            if not b:
                break
            ptr = self.buffer.tell()
            self.buffer.seek(0, 2), self.buffer.write(b), self.buffer.seek(ptr)
        self.newlines = 0
        return self.buffer.read()
    def readline(self):
        while self.newlines == 0:
            b = os.read(self._fd, max(os.fstat(self._fd).st_size, BUFSIZE))
            self.newlines = b.count(b"\\n") + (not b)
            ptr = self.buffer.tell()
            self.buffer.seek(0, 2), self.buffer.write(b), self.buffer.seek(ptr)
        self.newlines -= 1
        return self.buffer.readline()
    def flush(self):
        if self.writable:
            os.write(self._fd, self.buffer.getvalue())
            self.buffer.truncate(0), self.buffer.seek(0)
class IOWrapper(IOBase):
    def __init__(self, file):
        self.buffer = FastIO(file)
        self.flush = self.buffer.flush
        self.writable = self.buffer.writable
        self.write = lambda s: self.buffer.write(s.encode("ascii"))
        self.read = lambda: self.buffer.read().decode("ascii")
        self.readline = lambda: self.buffer.readline().decode("ascii")
sys.stdin, sys.stdout = IOWrapper(sys.stdin), IOWrapper(sys.stdout)
input = lambda: sys.stdin.readline().rstrip("\\r\\n")
"""

PROGRAMS = []


def program(id, language, idiom, code, inputs, limit=None):
    line = {"id": id, "language": language, "idiom": idiom, "code": code, "inputs": inputs}
    if limit:
        line["limit"] = limit
    PROGRAMS.append(line)


# ---- Python ---------------------------------------------------------------------
program("py-fastio-sum", "python", "PyRival's FastIO prelude: output kept until exit",
        FAST_IO + """n = int(input())
a = list(map(int, input().split()))
print(sum(a), max(a), min(a))
for i in range(0, n, max(1, n // 50)):
    print(a[i] * 2)
""", array_inputs([1, 5, 100, 1000, 10000, 3, 7, 64]))

program("py-fastio-read-all", "python", "FastIO's read() of the whole input",
        FAST_IO + """data = sys.stdin.read().split()
n = int(data[0])
vals = list(map(int, data[1:1 + n]))
vals.sort()
print(" ".join(map(str, vals[:20])))
print(sum(vals) % 998244353)
""", array_inputs([1, 4, 50, 5000, 10000, 2, 9, 300]))

program("py-atexit-output", "python", "output printed by an atexit handler",
        """import atexit, sys
out = []
atexit.register(lambda: sys.stdout.write("\\n".join(out) + "\\n"))
n = int(input())
a = list(map(int, input().split()))
s = 0
for x in a:
    s += x
    out.append(str(s))
""", array_inputs([1, 3, 10, 1000, 10000, 2, 6, 99]))

program("py-thread-deep-dfs", "python", "threading.Thread for a bigger stack, deep recursion",
        """import sys, threading
sys.setrecursionlimit(1 << 25)
threading.stack_size(1 << 27)
def main():
    n, step = map(int, sys.stdin.readline().split())
    adj = [[] for _ in range(n + 1)]
    for u in range(1, n):  # a path, shuffled by `step`: as deep as it is long
        v = u + 1
        adj[u].append(v)
        adj[v].append(u)
    for u in range(1, n + 1, step):
        adj[u].reverse()
    depth = [0] * (n + 1)
    def dfs(u, p):
        best = u
        for v in adj[u]:
            if v != p:
                depth[v] = depth[u] + 1
                dfs(v, u)
    dfs(1, 0)
    print(max(depth), sum(depth) % 1000000007)
t = threading.Thread(target=main)
t.start()
t.join()
""", [f"{n} {s}\n" for n, s in [(2, 1), (5, 2), (100, 3), (3000, 7), (20000, 5), (60000, 11), (10, 1), (400, 9)]])

program("py-lru-deep", "python", "recursion through functools.lru_cache, limit raised",
        """import sys
from functools import lru_cache
sys.setrecursionlimit(100000)
n, m = map(int, input().split())
@lru_cache(maxsize=None)
def ways(i):
    if i <= 1:
        return 1
    return (ways(i - 1) + ways(i - 2) * m) % 1000000007
print(ways(n))
""", [f"{n} {m}\n" for n, m in [(1, 1), (10, 2), (500, 3), (2000, 7), (8000, 5), (15000, 11), (30, 1), (999, 4)]])

program("py-cache-shallow", "python", "functools.cache at the default recursion limit",
        """from functools import cache
import sys
@cache
def grid(r, c):
    if r == 0 or c == 0:
        return 1
    return (grid(r - 1, c) + grid(r, c - 1)) % 1000000007
n = int(input())
print(grid(n, n))
""", [f"{n}\n" for n in (0, 1, 5, 30, 150, 300, 2, 77)])

program("py-recursion-limit", "python", "recursion past the default limit, not raised: RecursionError",
        """def depth(n):
    return 0 if n == 0 else 1 + depth(n - 1)
print(depth(int(input())))
""", [f"{n}\n" for n in (10, 500, 990, 1200, 5000, 100, 0, 50000)])

program("py-big-output", "python", "a big output in one join",
        """n = int(input())
print("\\n".join(str(i * i % 1000003) for i in range(n)))
""", [f"{n}\n" for n in (1, 10, 1000, 100000, 300000, 5, 77, 50000)])

program("py-stdout-write-loop", "python", "sys.stdout.write line by line",
        """import sys
n = int(sys.stdin.readline())
w = sys.stdout.write
for i in range(n):
    w(f"{i} {i * 3 % 7}\\n")
""", [f"{n}\n" for n in (0, 1, 100, 20000, 120000, 3, 999, 4242)])

program("py-stdin-buffer", "python", "sys.stdin.buffer.read().split()",
        """import sys
data = sys.stdin.buffer.read().split()
n = int(data[0])
a = list(map(int, data[1:n + 1]))
pref = 0
best = -10**30
low = 0
for x in a:
    pref += x
    best = max(best, pref - low)
    low = min(low, pref)
print(best)
""", array_inputs([1, 2, 10, 1000, 20000, 3, 40, 7], -1000, 1000))

program("py-open0", "python", "open(0).read()",
        """lines = open(0).read().splitlines()
q = int(lines[0])
stack = []
out = []
for line in lines[1:q + 1]:
    parts = line.split()
    if parts[0] == "push":
        stack.append(int(parts[1]))
    elif parts[0] == "pop":
        out.append(str(stack.pop()) if stack else "empty")
    else:
        out.append(str(max(stack)) if stack else "empty")
print("\\n".join(out))
""", [
    "\n".join([str(q)] + [rng.choice(["push " + str(rng.randint(1, 99)), "pop", "max"]) for _ in range(q)]) + "\n"
    for q in (1, 3, 20, 500, 5000, 2, 9, 100)
])

program("py-input-until-eof", "python", "input() until EOFError",
        """total = 0
count = 0
while True:
    try:
        line = input()
    except EOFError:
        break
    if line.strip():
        total += sum(map(int, line.split()))
        count += 1
print(count, total)
""", ["\n".join(ints(rng.randint(1, 5), 0, 100) for _ in range(k)) + "\n" for k in (1, 2, 10, 300, 3000, 4, 7, 60)])

program("py-exit-status", "python", "sys.exit with a status (a failure natively too)",
        """import sys
n = int(input())
if n % 3 == 0:
    print("bad")
    sys.exit(3)
if n % 3 == 1:
    sys.exit("message on stderr")
print(n * 2)
sys.exit(0)
""", [f"{n}\n" for n in (1, 2, 3, 5, 6, 8, 10, 11)])

program("py-uncaught", "python", "an uncaught exception after some output",
        """n = int(input())
a = list(range(n))
print(sum(a))
print(a[n // 2 + n])
""", [f"{n}\n" for n in (0, 1, 2, 10, 1000, 3, 5, 7)])

program("py-float-format", "python", "float formatting",
        """import math
n = int(input())
xs = list(map(float, input().split()))
mean = math.fsum(xs) / n
var = math.fsum((x - mean) ** 2 for x in xs) / n
print("%.9f" % mean)
print(f"{math.sqrt(var):.6f}")
print(round(mean, 3), repr(mean * 1e-7), mean / 3)
""", [f"{n}\n{' '.join(str(rng.uniform(-1e6, 1e6)) for _ in range(n))}\n" for n in (1, 2, 3, 50, 500, 7, 10, 100)])

program("py-float-sum", "python", "sum() of floats, whose last digits changed in CPython 3.12",
        """n = int(input())
xs = list(map(float, input().split()))
print(repr(sum(xs)), repr(sum(x * x for x in xs) / n))
""", [f"{n}\n{' '.join(str(rng.uniform(-1e6, 1e6)) for _ in range(n))}\n" for n in (1, 2, 3, 50, 500, 7, 10, 100)],
        limit="CPython 3.12 and later add floats in sum() with compensated summation, so its last digits can differ from 3.11's")

program("py-bigint", "python", "big integers under the 4300-digit limit",
        """n = int(input())
f = 1
for i in range(2, n + 1):
    f *= i
s = str(f)
print(len(s), s[:20], sum(map(int, s)) % 1000)
print(pow(3, n * 100, 10**18 + 9))
""", [f"{n}\n" for n in (0, 1, 20, 300, 1000, 1400, 50, 7)])

program("py-bigint-over-limit", "python", "str() past the 4300-digit limit: ValueError, as CPython >= 3.11",
        """n = int(input())
print(len(str(10 ** n)))
""", [f"{n}\n" for n in (10, 4299, 4300, 5000, 100000, 1, 4000, 4301)])

program("py-dijkstra", "python", "heapq Dijkstra",
        """import sys, heapq
def main():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    adj = [[] for _ in range(n + 1)]
    p = 2
    for _ in range(m):
        u, v, w = int(data[p]), int(data[p + 1]), int(data[p + 2])
        p += 3
        adj[u].append((v, w))
        adj[v].append((u, w))
    dist = [1 << 62] * (n + 1)
    dist[1] = 0
    pq = [(0, 1)]
    while pq:
        d, u = heapq.heappop(pq)
        if d > dist[u]:
            continue
        for v, w in adj[u]:
            nd = d + w
            if nd < dist[v]:
                dist[v] = nd
                heapq.heappush(pq, (nd, v))
    print(max(dist[1:]), sum(dist[1:]) % 1000000007)
main()
""", [graph_random(n, m) for n, m in [(2, 1), (5, 8), (100, 300), (3000, 9000), (2000, 6000), (7, 7), (50, 200), (1000, 1000)]])

program("py-counter-sort", "python", "Counter, sorted with a key",
        """from collections import Counter
import sys
words = sys.stdin.read().split()[1:]
c = Counter(words)
for w, k in sorted(c.items(), key=lambda t: (-t[1], t[0]))[:15]:
    print(w, k)
print(len(c))
""", [f"{n}\n{' '.join(words(n))}\n" for n in (1, 3, 30, 1000, 5000, 2, 9, 500)])

program("py-deque-bfs", "python", "deque BFS on a grid",
        """from collections import deque
import sys
r, c = map(int, sys.stdin.readline().split())
g = [sys.stdin.readline().strip() for _ in range(r)]
dist = [[-1] * c for _ in range(r)]
q = deque()
if g[0][0] == ".":
    dist[0][0] = 0
    q.append((0, 0))
while q:
    x, y = q.popleft()
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        nx, ny = x + dx, y + dy
        if 0 <= nx < r and 0 <= ny < c and g[nx][ny] == "." and dist[nx][ny] < 0:
            dist[nx][ny] = dist[x][y] + 1
            q.append((nx, ny))
print(dist[r - 1][c - 1])
""", [
    f"{r} {c}\n" + "\n".join("".join("#" if rng.random() < 0.2 and (i, j) not in ((0, 0), (r - 1, c - 1)) else "." for j in range(c)) for i in range(r)) + "\n"
    for r, c in [(1, 1), (2, 3), (10, 10), (100, 200), (400, 400), (3, 30), (30, 3), (50, 50)]
])

program("py-print-sep-end", "python", "print with sep and end, no trailing newline",
        """n = int(input())
a = input().split()
print(*a, sep=",", end="")
print()
print(*reversed(a), end="")
""", array_inputs([1, 2, 5, 100, 10000, 3, 4, 8], 0, 999))

program("py-itertools", "python", "itertools permutations and combinations",
        """from itertools import permutations, combinations, accumulate, product
n = int(input())
best = 0
for p in permutations(range(n)):
    best = max(best, sum(i * v for i, v in enumerate(p)) % (n + 3))
print(best, len(list(combinations(range(n + 3), 3))))
print(list(accumulate(range(n)))[-1:] if n else [], sum(1 for _ in product(range(3), repeat=n)))
""", [f"{n}\n" for n in (0, 1, 3, 5, 7, 8, 2, 6)])

program("py-decimal-fraction", "python", "decimal and fractions",
        """from decimal import Decimal, getcontext
from fractions import Fraction
getcontext().prec = 50
n = int(input())
print(Decimal(1) / Decimal(n))
s = sum(Fraction(1, k) for k in range(1, n + 1))
print(s.numerator % 1000000007, s.denominator % 1000000007)
""", [f"{n}\n" for n in (1, 2, 3, 7, 97, 500, 13, 40)])

program("py-signal-alarm-guard", "python", "signal.alarm as a guard that never fires",
        """import signal, sys
def too_slow(signum, frame):
    print("timeout")
    sys.exit(1)
signal.signal(signal.SIGALRM, too_slow)
signal.alarm(20)
n = int(input())
print(sum(i * i for i in range(n)) % 1000000007)
signal.alarm(0)
""", [f"{n}\n" for n in (0, 1, 10, 1000, 300000, 5, 77, 12345)])

program("py-resource-setrlimit", "python", "resource.setrlimit for the stack, then deep recursion",
        """import resource, sys
resource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
sys.setrecursionlimit(10**6)
def f(n):
    return 0 if n == 0 else f(n - 1) + n % 7
print(f(int(input())))
""", [f"{n}\n" for n in (0, 1, 100, 5000, 50000, 3, 999, 20000)])

program("py-import-fallback", "python", "a refused import caught, with a fallback",
        """try:
    from subprocess import check_output
    HAVE = True
except ImportError:
    HAVE = False
import sys
n = int(sys.stdin.readline())
print(n * (n + 1) // 2)
""", [f"{n}\n" for n in (0, 1, 2, 10, 10**9, 7, 123, 99)])

program("py-fstat-stdin-size", "python", "os.read(0, os.fstat(0).st_size): stdin as a file",
        """import os
data = os.read(0, os.fstat(0).st_size).split()
print(sum(map(int, data[1:])))
""", array_inputs([1, 3, 10, 1000, 2, 5, 20, 100]))

program("py-numpy", "python", "numpy, as SandboxFusion's Python has it",
        """import numpy as np
import sys
data = sys.stdin.read().split()
n = int(data[0])
a = np.array(data[1:n + 1], dtype=np.int64)
print(int(a.sum()), int(a.max()), int(np.sort(a)[n // 2]))
print(int((a * a % 1000003).sum()))
""", array_inputs([1, 2, 9, 1000, 20000, 4, 17, 300], -10**6, 10**6))

# ---- C++ --------------------------------------------------------------------------
CPP_HEAD = "#include <bits/stdc++.h>\nusing namespace std;\n"

program("cpp-fast-io", "cpp", "cin with sync_with_stdio(false)",
        CPP_HEAD + """int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int n;
    cin >> n;
    vector<long long> a(n);
    for (auto &x : a) cin >> x;
    long long s = accumulate(a.begin(), a.end(), 0LL);
    sort(a.begin(), a.end());
    cout << s << ' ' << a.front() << ' ' << a.back() << '\\n';
    for (int i = 0; i < n; i += max(1, n / 50)) cout << a[i] << '\\n';
}
""", array_inputs([1, 5, 100, 1000, 10000, 3, 7, 64]))

program("cpp-scanf-printf", "cpp", "scanf and printf",
        """#include <cstdio>
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    long long s = 0, mx = -(1LL << 62);
    for (int i = 0; i < n; i++) {
        long long x;
        scanf("%lld", &x);
        s += x;
        if (x > mx) mx = x;
    }
    printf("%lld %lld\\n", s, mx);
    printf("%.6f\\n", (double)s / n);
}
""", array_inputs([1, 2, 50, 1000, 10000, 9, 4, 77]))

program("cpp-deep-dfs", "cpp", "recursive DFS on a path (deep)",
        CPP_HEAD + """vector<int> g[300005];
int dep[300005];
void dfs(int u, int p) {
    for (int v : g[u]) if (v != p) { dep[v] = dep[u] + 1; dfs(v, u); }
}
int main() {
    int n, step;
    scanf("%d %d", &n, &step);
    for (int u = 1; u < n; u++) { g[u].push_back(u + 1); g[u + 1].push_back(u); }
    for (int u = 1; u <= n; u += step) reverse(g[u].begin(), g[u].end());
    dfs(1, 0);
    long long s = 0;
    for (int i = 1; i <= n; i++) s += dep[i];
    printf("%d %lld\\n", *max_element(dep + 1, dep + n + 1), s);
}
""", [f"{n} {s}\n" for n, s in [(2, 1), (5, 2), (100, 3), (5000, 7), (100000, 5), (250000, 11), (7, 1), (900, 9)]])

program("cpp-deep-recursion", "cpp", "plain recursion a million deep",
        """#include <cstdio>
long long a[2000001];
long long f(int n) { if (n == 0) return 0; a[n] = n % 13; return f(n - 1) + a[n]; }
int main() { int n; scanf("%d", &n); printf("%lld\\n", f(n)); }
""", [f"{n}\n" for n in (0, 1, 1000, 100000, 1000000, 2000000, 7, 54321)])

program("cpp-static-lcs", "cpp", "a big static DP array (int dp[5001][5001])",
        """#include <cstdio>
#include <cstring>
#include <algorithm>
int dp[5001][5001];
char a[5002], b[5002];
int main() {
    scanf("%s %s", a + 1, b + 1);
    int n = strlen(a + 1), m = strlen(b + 1);
    for (int i = 1; i <= n; i++)
        for (int j = 1; j <= m; j++)
            dp[i][j] = a[i] == b[j] ? dp[i - 1][j - 1] + 1 : std::max(dp[i - 1][j], dp[i][j - 1]);
    printf("%d\\n", dp[n][m]);
}
""", [f"{x} {y}\n" for x, y in [(w[0], w[1]) for w in (words(2, "ab", (k, k)) for k in (1, 2, 10, 300, 3000, 5000, 4, 50))]])

program("cpp-long-double", "cpp", "long double arithmetic and printing",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    long double s = 0;
    for (int i = 1; i <= n; i++) s += 1.0L / ((long double)i * i);
    printf("%.15Lf\\n", s);
    cout << fixed << setprecision(12) << sqrtl(s * 6) << '\\n';
    cout << setprecision(3) << (long double)n / 7 << endl;
}
""", [f"{n}\n" for n in (1, 2, 10, 1000, 1000000, 3, 77, 12345)])

program("cpp-big-output", "cpp", "a million lines of output",
        CPP_HEAD + """int main() {
    ios::sync_with_stdio(false);
    int n;
    cin >> n;
    string out;
    for (int i = 0; i < n; i++) { out += to_string((long long)i * i % 1000003); out += '\\n'; }
    cout << out;
}
""", [f"{n}\n" for n in (0, 1, 100, 100000, 1000000, 7, 5000, 33)])

program("cpp-endl", "cpp", "endl on every line",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    for (int i = 0; i < n; i++) cout << i % 97 << ' ' << i / 97 << endl;
}
""", [f"{n}\n" for n in (0, 1, 10, 1000, 50000, 3, 200, 9)])

program("cpp-int128", "cpp", "__int128 arithmetic, printed by hand",
        CPP_HEAD + """string show(__int128 x) {
    if (x == 0) return "0";
    bool neg = x < 0; if (neg) x = -x;
    string s; while (x) { s += char('0' + x % 10); x /= 10; }
    if (neg) s += '-';
    reverse(s.begin(), s.end()); return s;
}
int main() {
    long long a, b;
    cin >> a >> b;
    __int128 p = (__int128)a * b;
    cout << show(p) << ' ' << show(p % 1000000007) << '\\n';
}
""", [f"{rng.randint(-10**18, 10**18)} {rng.randint(-10**18, 10**18)}\n" for _ in range(6)] + ["0 5\n", "1000000000000000000 1000000000000000000\n"])

program("cpp-dijkstra", "cpp", "priority_queue Dijkstra",
        CPP_HEAD + """int main() {
    int n, m;
    scanf("%d %d", &n, &m);
    vector<vector<pair<int, int>>> adj(n + 1);
    for (int i = 0; i < m; i++) { int u, v, w; scanf("%d %d %d", &u, &v, &w); adj[u].push_back({v, w}); adj[v].push_back({u, w}); }
    vector<long long> d(n + 1, LLONG_MAX);
    priority_queue<pair<long long, int>, vector<pair<long long, int>>, greater<>> pq;
    d[1] = 0; pq.push({0, 1});
    while (!pq.empty()) {
        auto [du, u] = pq.top(); pq.pop();
        if (du > d[u]) continue;
        for (auto [v, w] : adj[u]) if (du + w < d[v]) { d[v] = du + w; pq.push({d[v], v}); }
    }
    long long mx = 0, s = 0;
    for (int i = 1; i <= n; i++) { mx = max(mx, d[i]); s = (s + d[i]) % 1000000007; }
    printf("%lld %lld\\n", mx, s);
}
""", [graph_random(n, m) for n, m in [(2, 1), (5, 8), (100, 300), (3000, 9000), (3000, 9000), (7, 7), (50, 200), (1000, 1000)]])

program("cpp-map-set", "cpp", "map, set, unordered_map",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    map<string, int> cnt;
    unordered_map<string, int> first;
    set<string> seen;
    for (int i = 0; i < n; i++) { string w; cin >> w; cnt[w]++; if (!first.count(w)) first[w] = i; seen.insert(w); }
    for (auto &[w, k] : cnt) if (k > 1) cout << w << ' ' << k << ' ' << first[w] << '\\n';
    cout << seen.size() << '\\n';
}
""", [f"{n}\n{' '.join(words(n))}\n" for n in (1, 3, 30, 1000, 5000, 2, 9, 500)])

program("cpp-getline", "cpp", "getline and stringstream",
        CPP_HEAD + """int main() {
    string line;
    long long total = 0;
    int lines = 0;
    while (getline(cin, line)) {
        if (line.empty()) continue;
        stringstream ss(line);
        long long x, s = 0;
        while (ss >> x) s += x;
        total += s; lines++;
    }
    cout << lines << ' ' << total << '\\n';
}
""", ["\n".join(ints(rng.randint(1, 6), -50, 50) for _ in range(k)) + "\n" for k in (1, 2, 10, 300, 3000, 4, 7, 60)])

program("cpp-exit-status", "cpp", "exit statuses and abort (failures natively too)",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    cout << n * 2 << endl;
    if (n % 4 == 1) return 1;
    if (n % 4 == 2) exit(2);
    if (n % 4 == 3) abort();
    return 0;
}
""", [f"{n}\n" for n in (0, 1, 2, 3, 4, 5, 8, 11)])

program("cpp-exceptions", "cpp", "exceptions caught, and one uncaught (terminate)",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    vector<int> v(n);
    try { v.at(n) = 1; } catch (const out_of_range &) { cout << "caught" << endl; }
    try { cout << stoi(n % 2 ? "x" : "42") << endl; } catch (const invalid_argument &) { cout << "bad" << endl; }
    if (n > 5) throw runtime_error("too big");
    cout << "done" << endl;
}
""", [f"{n}\n" for n in (0, 1, 2, 5, 6, 10, 3, 4)])

program("cpp-bitset-mt19937", "cpp", "bitset and a seeded mt19937",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    mt19937 rng(n);
    mt19937_64 big(n);
    bitset<100000> b;
    for (int i = 0; i < n; i++) b[rng() % 100000] = 1;
    unsigned long long x = 0;
    for (int i = 0; i < 1000; i++) x ^= big();
    cout << b.count() << ' ' << rng() << ' ' << x << '\\n';
}
""", [f"{n}\n" for n in (0, 1, 7, 1000, 100000, 3, 42, 99999)])

program("cpp-uniform-int-distribution", "cpp", "uniform_int_distribution and shuffle with a seeded engine",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    mt19937 rng(n);
    uniform_int_distribution<int> d(1, 6);
    long long s = 0;
    for (int i = 0; i < 1000; i++) s += d(rng);
    vector<int> v(10);
    iota(v.begin(), v.end(), 0);
    shuffle(v.begin(), v.end(), rng);
    cout << s << ' ' << v[0] << v[9] << '\\n';
}
""", [f"{n}\n" for n in (0, 1, 7, 1000, 100000, 3, 42, 99999)],
        limit="libc++ draws uniform_int_distribution's and shuffle's numbers by another algorithm than GNU libstdc++ (the standard leaves it to each)")

program("cpp-function-lambda", "cpp", "a recursive std::function lambda",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    vector<long long> memo(n + 1, -1);
    function<long long(int)> f = [&](int k) -> long long {
        if (k < 2) return k;
        if (memo[k] >= 0) return memo[k];
        return memo[k] = (f(k - 1) + f(k - 2)) % 1000000007;
    };
    cout << f(n) << '\\n';
}
""", [f"{n}\n" for n in (0, 1, 10, 1000, 100000, 2, 500, 77)])

program("cpp-double-printf", "cpp", "double printing and math",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    double s = 0;
    for (int i = 1; i <= n; i++) s += sin(i) / i;
    printf("%.10f %.3e %g\\n", s, s * 1e9, s);
    cout << setprecision(15) << s << ' ' << fixed << setprecision(2) << s * 100 << '\\n';
}
""", [f"{n}\n" for n in (1, 2, 10, 1000, 1000000, 3, 77, 12345)])

program("cpp-pbds", "cpp", "a policy-based ordered set (<ext/pb_ds>)",
        """#include <bits/stdc++.h>
#include <ext/pb_ds/assoc_container.hpp>
#include <ext/pb_ds/tree_policy.hpp>
using namespace std;
using namespace __gnu_pbds;
typedef tree<int, null_type, less<int>, rb_tree_tag, tree_order_statistics_node_update> ordered_set;
int main() {
    int n;
    cin >> n;
    ordered_set s;
    long long inv = 0;
    for (int i = 0; i < n; i++) { int x; cin >> x; inv += s.size() - s.order_of_key(x); s.insert(x); }
    cout << inv << '\\n';
}
""", array_inputs([1, 3, 10, 1000, 20000, 2, 5, 64], 0, 10**9),
        limit="<ext/pb_ds> is GNU libstdc++'s; the toolchain's libc++ has no such header")

program("cpp-fstat-stdin-size", "cpp", "fstat(0) for the size of stdin",
        """#include <cstdio>
#include <cstdlib>
#include <sys/stat.h>
#include <unistd.h>
int main() {
    struct stat st;
    fstat(0, &st);
    char *buf = (char *)malloc(st.st_size + 1);
    long got = read(0, buf, st.st_size);
    buf[got > 0 ? got : 0] = 0;
    long long s = 0, x = 0; int sign = 1; bool in = false;
    for (long i = 0; i <= got; i++) {
        char c = i < got ? buf[i] : ' ';
        if (c == '-') sign = -1;
        else if (c >= '0' && c <= '9') { x = x * 10 + (c - '0'); in = true; }
        else { if (in) s += sign * x; x = 0; sign = 1; in = false; }
    }
    printf("%lld\\n", s);
}
""", array_inputs([1, 3, 10, 1000, 2, 5, 20, 100]))


program("cpp-cin-scanf-mixed", "cpp", "cin and scanf and getchar on one stdin (synchronised)",
        CPP_HEAD + """int main() {
    int n;
    cin >> n;
    long long s = 0;
    for (int i = 0; i < n; i++) {
        int v;
        if (i % 3 == 0) cin >> v;
        else if (i % 3 == 1) scanf("%d", &v);
        else { cin >> ws; int c = getchar(); ungetc(c, stdin); cin >> v; }
        s += (long long)v * (i + 1);
    }
    string tail;
    cin >> tail;
    char c;
    cin.get(c);
    cin.unget();
    cin.get(c);
    cin.putback(c);
    string rest;
    getline(cin, rest);
    cout << s << ' ' << tail << ' ' << rest.size() << '\\n';
}
""", [f"{n}\n{ints(n, -10**6, 10**6)}\nend-{n} trailing words\n" for n in (1, 3, 10, 1000, 30000, 2, 5, 100)])

program("cpp-cin-unsynced-types", "cpp", "cin after sync_with_stdio(false): ints, long long, doubles, strings, chars",
        CPP_HEAD + """int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int n;
    cin >> n;
    long long s = 0;
    double d = 0;
    string word;
    size_t letters = 0;
    for (int i = 0; i < n; i++) {
        long long a; double b; char c;
        cin >> a >> b >> word >> c;
        s += a; d += b; letters += word.size() + (c == 'x');
    }
    cout << s << ' ' << fixed << setprecision(3) << d << ' ' << letters << '\\n';
}
""", [f"{n}\n" + "\n".join(f"{rng.randint(-10**18, 10**18)} {rng.uniform(-1e6, 1e6):.4f} w{rng.randint(0, 10**6)} {rng.choice('xyz')}" for _ in range(n)) + "\n" for n in (1, 2, 10, 1000, 50000, 3, 7, 200)])


def main():
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w") as out:
        for line in PROGRAMS:
            out.write(json.dumps(line) + "\n")
    cases = sum(len(p["inputs"]) for p in PROGRAMS)
    print(f"{OUT}: {len(PROGRAMS)} programs, {cases} cases")


main()
