//! C and C++ tests in a translation unit of their own.
//!
//! HumanEval-X's and MultiPL-E's harnesses append the test to the
//! candidate's code and compile one file, so a candidate could `#define`
//! the test's `assert` away, define libc's `__assert_fail`, or end the
//! process before the test's checks. Here the candidate and the test are
//! two translation units: the candidate's code alone, and the test after
//! a *declaration* of what it calls, which comes from the problem (HumanEval-X's
//! `declaration`, MultiPL-E's `prompt`, a task's `declaration` field),
//! never from the candidate when the problem gives one. A declaration that
//! ends inside a definition (`int add(int a, int b) {`, as both benchmarks
//! write it) declares that function: its body is cut and `;` put in its
//! place; the definitions before it (a prompt's helpers, HumanEval-X's
//! `encode_cyclic`) stay, and are the test's own.
//!
//! Without a declaration, the test's unit starts with the `#include <...>`
//! lines and `using namespace std;` of the candidate's code and the
//! prototypes of the candidate's top-level functions the test calls (their
//! headers, bodies cut), except those named as a standard library
//! function (`max`, `sort`, `count`: the test's are the library's): no
//! macro, type or other text of the candidate's reaches it. A candidate whose functions take its own types needs a
//! declaration from the task.
//!
//! A test that begins with `}` (MultiPL-E's: its first line closes the
//! function the prompt opened) gives that brace to the candidate's unit.

/// The two translation units of a judged program.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Units {
    /// The candidate's code (with the brace a MultiPL-E test closes it
    /// with).
    pub candidate: String,
    /// The declaration and the test.
    pub test: String,
}

/// The units of `code` judged by `target`, with the problem's
/// `declaration` (empty: none).
pub fn split(code: &str, target: &str, declaration: &str) -> Units {
    let (candidate, test) = match target.trim_start().strip_prefix('}') {
        Some(rest) => (format!("{code}\n}}\n"), rest),
        None => (code.to_string(), target),
    };
    let head = if declaration.trim().is_empty() {
        derived(&candidate, test)
    } else {
        declared(declaration)
    };
    Units {
        candidate,
        test: format!("{head}\n{test}"),
    }
}

/// A problem's declaration as the test's unit starts: a definition it
/// ends inside of becomes a prototype.
pub fn declared(declaration: &str) -> String {
    let scan = Scan::new(declaration);
    match scan.open {
        Some(open) => format!("{};\n", declaration[..open].trim_end()),
        None => declaration.to_string(),
    }
}

/// The start of a test's unit made from the candidate's code (no
/// declaration given): its `#include <...>` lines, `using namespace std;`
/// and the prototypes of its top-level functions that `test` names and does
/// not define itself.
fn derived(code: &str, test: &str) -> String {
    let scan = Scan::new(code);
    let tested = Scan::new(test);
    let defined: Vec<&str> = tested
        .items
        .iter()
        .filter_map(|item| function_name(&tested.masked[item.start..item.open]))
        .collect();
    let named = identifiers(&tested.masked);
    let mut head = String::new();
    for directive in &scan.directives {
        let line = &code[directive.clone()];
        let compact: String = line.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(header) = compact
            .strip_prefix("#include<")
            .and_then(|rest| rest.strip_suffix('>'))
            && !header.is_empty()
            && header
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "_./+-".contains(c))
            && !header.contains("..")
        {
            head.push_str(&format!("#include <{header}>\n"));
        }
    }
    for statement in &scan.statements {
        let compact: Vec<&str> = scan.masked[statement.clone()].split_whitespace().collect();
        if compact == ["using", "namespace", "std"] {
            head.push_str("using namespace std;\n");
        }
    }
    // The headers of definitions and the prototypes, in source order.
    let mut headers: Vec<std::ops::Range<usize>> = scan
        .items
        .iter()
        .map(|item| item.start..item.open)
        .chain(scan.statements.iter().cloned())
        .collect();
    headers.sort_by_key(|range| range.start);
    for range in headers {
        let header = &scan.masked[range];
        let Some(name) = function_name(header) else {
            continue;
        };
        let words: Vec<&str> = header.split(|c: char| !is_word(c)).collect();
        // (Nothing that could be a directive, a splice or a trigraph.)
        let plain =
            !header.contains(['#', '\\']) && !header.contains("%:") && !header.contains("??");
        if !plain
            || name == "main"
            || words
                .iter()
                .any(|w| matches!(*w, "template" | "static" | "operator"))
            || defined.contains(&name)
            || !named.contains(name)
            || STANDARD_FUNCTIONS.binary_search(&name).is_ok()
        {
            continue;
        }
        // The masked header: comments and literals blanked, so only the
        // declaration's own tokens.
        let prototype = format!("{};\n", header.trim());
        if !head.contains(&prototype) {
            head.push_str(&prototype);
        }
    }
    head
}

/// Functions of the C and C++ standard libraries a test calls unqualified
/// (after `using namespace std`, or through argument-dependent lookup): a
/// candidate's function of one of these names is never declared in a
/// derived test unit, so the test's `max(a, b)` or `count(...)` is the
/// library's, never a candidate's overload that the test's overload
/// resolution would prefer. (Sorted: looked up by binary search.)
const STANDARD_FUNCTIONS: &[&str] = &[
    "abs",
    "accumulate",
    "acos",
    "adjacent_difference",
    "adjacent_find",
    "advance",
    "all_of",
    "any_of",
    "asin",
    "atan",
    "atan2",
    "atof",
    "atoi",
    "atol",
    "atoll",
    "begin",
    "binary_search",
    "bsearch",
    "cbegin",
    "cbrt",
    "ceil",
    "cend",
    "clamp",
    "copy",
    "copy_backward",
    "copy_if",
    "copy_n",
    "cos",
    "count",
    "count_if",
    "data",
    "distance",
    "empty",
    "end",
    "equal",
    "equal_range",
    "exclusive_scan",
    "exp",
    "exp2",
    "fabs",
    "fill",
    "fill_n",
    "find",
    "find_end",
    "find_first_of",
    "find_if",
    "find_if_not",
    "floor",
    "fmax",
    "fmin",
    "fmod",
    "for_each",
    "for_each_n",
    "gcd",
    "generate",
    "generate_n",
    "get",
    "getline",
    "hypot",
    "includes",
    "inclusive_scan",
    "inner_product",
    "inplace_merge",
    "iota",
    "is_heap",
    "is_heap_until",
    "is_partitioned",
    "is_permutation",
    "is_sorted",
    "is_sorted_until",
    "isalnum",
    "isalpha",
    "isdigit",
    "isinf",
    "islower",
    "isnan",
    "isspace",
    "isupper",
    "iter_swap",
    "labs",
    "lcm",
    "lexicographical_compare",
    "llabs",
    "log",
    "log10",
    "log2",
    "lower_bound",
    "make_heap",
    "make_pair",
    "make_tuple",
    "max",
    "max_element",
    "memcmp",
    "memcpy",
    "memmove",
    "memset",
    "merge",
    "midpoint",
    "min",
    "min_element",
    "minmax",
    "minmax_element",
    "mismatch",
    "move",
    "move_backward",
    "next",
    "next_permutation",
    "none_of",
    "nth_element",
    "partial_sort",
    "partial_sort_copy",
    "partial_sum",
    "partition",
    "partition_copy",
    "partition_point",
    "pop_heap",
    "pow",
    "prev",
    "prev_permutation",
    "push_heap",
    "qsort",
    "rand",
    "rbegin",
    "reduce",
    "remove",
    "remove_copy",
    "remove_copy_if",
    "remove_if",
    "rend",
    "replace",
    "replace_copy",
    "replace_copy_if",
    "replace_if",
    "reverse",
    "reverse_copy",
    "rotate",
    "rotate_copy",
    "round",
    "sample",
    "search",
    "search_n",
    "set_difference",
    "set_intersection",
    "set_symmetric_difference",
    "set_union",
    "shift_left",
    "shift_right",
    "shuffle",
    "sin",
    "size",
    "sort",
    "sort_heap",
    "sqrt",
    "srand",
    "stable_partition",
    "stable_sort",
    "stod",
    "stof",
    "stoi",
    "stol",
    "stoll",
    "stoul",
    "stoull",
    "strcat",
    "strchr",
    "strcmp",
    "strcpy",
    "strlen",
    "strncmp",
    "strstr",
    "strtol",
    "swap",
    "swap_ranges",
    "tan",
    "to_string",
    "tolower",
    "toupper",
    "transform",
    "transform_exclusive_scan",
    "transform_inclusive_scan",
    "transform_reduce",
    "trunc",
    "unique",
    "unique_copy",
    "upper_bound",
];

/// The name a top-level definition's header defines, when it is a
/// function's (`int add(int a, int b)`, `std::vector<int> f() const`): the
/// identifier before its first top-level `(`, not qualified (`S::f` is a
/// member's), with no `=` before it (a lambda's variable).
fn function_name(header: &str) -> Option<&str> {
    let header = header.trim();
    let words: Vec<&str> = header.split(|c: char| !is_word(c)).collect();
    if words.iter().any(|w| {
        matches!(
            *w,
            "struct" | "class" | "union" | "enum" | "namespace" | "typedef" | "extern"
        )
    }) {
        return None;
    }
    let paren = header.find('(')?;
    let before = &header[..paren];
    if before.contains('=') || !closes_parameters(header) {
        return None;
    }
    let before = before.trim_end();
    let start = before.rfind(|c: char| !is_word(c)).map_or(0, |at| {
        at + before[at..].chars().next().map_or(1, char::len_utf8)
    });
    let name = &before[start..];
    let qualified = before[..start].trim_end().ends_with("::");
    (!name.is_empty() && !name.starts_with(|c: char| c.is_ascii_digit()) && !qualified)
        .then_some(name)
}

/// Whether a header ends with its parameter list (after qualifiers and a
/// trailing return type).
fn closes_parameters(header: &str) -> bool {
    let Some(close) = header.rfind(')') else {
        return false;
    };
    let rest = &header[close + 1..];
    let rest = rest.split("->").next().unwrap_or(rest);
    rest.split(|c: char| !is_word(c)).all(|w| {
        matches!(
            w,
            "" | "const" | "noexcept" | "override" | "final" | "volatile"
        )
    })
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The identifiers in `text`.
fn identifiers(text: &str) -> std::collections::HashSet<&str> {
    text.split(|c: char| !is_word(c))
        .filter(|w| !w.is_empty())
        .collect()
}

/// A top-level definition with a body: its header from `start` to the
/// `{` at `open`.
struct Item {
    start: usize,
    open: usize,
}

/// What a light lexer sees at the top level of C or C++ source: the
/// definitions with bodies, the preprocessor lines, the statements ending
/// in `;`, and the `{` the source ends inside of, if any. `masked` is the
/// source with comments and the insides of literals blanked (the same
/// byte offsets).
struct Scan {
    masked: String,
    items: Vec<Item>,
    directives: Vec<std::ops::Range<usize>>,
    statements: Vec<std::ops::Range<usize>>,
    open: Option<usize>,
}

impl Scan {
    fn new(source: &str) -> Scan {
        let bytes = source.as_bytes();
        let mut masked = bytes.to_vec();
        let blank = |masked: &mut Vec<u8>, from: usize, to: usize| {
            for b in &mut masked[from..to] {
                if *b != b'\n' {
                    *b = b' ';
                }
            }
        };
        let mut scan = Scan {
            masked: String::new(),
            items: Vec::new(),
            directives: Vec::new(),
            statements: Vec::new(),
            open: None,
        };
        let (mut depth, mut parens) = (0usize, 0usize);
        let mut start = 0;
        let mut line_start = true;
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            // A preprocessor line (`#`, or the digraph `%:`) at any depth.
            if line_start && (b == b'#' || bytes[i..].starts_with(b"%:")) {
                let end = logical_line_end(bytes, i);
                if depth == 0 {
                    scan.directives.push(i..end);
                    start = end;
                }
                blank(&mut masked, i, end);
                i = end;
                continue;
            }
            // (A comment is whitespace: `/* */ #define x` is a directive.)
            let comment = b == b'/' && matches!(bytes.get(i + 1), Some(b'/' | b'*'));
            if !b.is_ascii_whitespace() && !comment {
                line_start = false;
            }
            match b {
                b'\n' => line_start = true,
                b'/' if bytes.get(i + 1) == Some(&b'/') => {
                    let end = logical_line_end(bytes, i);
                    blank(&mut masked, i, end);
                    i = end;
                    continue;
                }
                b'/' if bytes.get(i + 1) == Some(&b'*') => {
                    let end = find(bytes, i + 2, b"*/").map_or(bytes.len(), |at| at + 2);
                    blank(&mut masked, i, end);
                    i = end;
                    continue;
                }
                b'"' | b'\'' => {
                    let end = literal_end(bytes, i);
                    blank(&mut masked, i + 1, end.saturating_sub(1).max(i + 1));
                    i = end;
                    continue;
                }
                b'R' if bytes.get(i + 1) == Some(&b'"')
                    && (i == 0 || !is_word(bytes[i - 1] as char)) =>
                {
                    let end = raw_end(bytes, i + 1);
                    blank(&mut masked, i + 2, end.saturating_sub(1).max(i + 2));
                    i = end;
                    continue;
                }
                b'(' if depth == 0 => parens += 1,
                b')' if depth == 0 => parens = parens.saturating_sub(1),
                b'{' if parens == 0 => {
                    if depth == 0 {
                        scan.open = Some(i);
                    }
                    depth += 1;
                }
                b'}' if parens == 0 && depth > 0 => {
                    depth -= 1;
                    if depth == 0 {
                        let open = scan.open.take().unwrap_or(i);
                        scan.items.push(Item { start, open });
                        start = i + 1;
                    }
                }
                b';' if depth == 0 && parens == 0 => {
                    scan.statements.push(start..i);
                    start = i + 1;
                }
                _ => {}
            }
            i += 1;
        }
        scan.masked = String::from_utf8_lossy(&masked).into_owned();
        if scan.masked.len() != source.len() {
            // (Blanking only replaces ASCII and whole literals' insides, so
            // this is the lossy decoding of a cut multi-byte character.)
            scan.masked = source.to_string();
        }
        scan
    }
}

/// The end of the logical line at `from` (a `\` before the newline joins
/// the next one), past its newline.
fn logical_line_end(bytes: &[u8], from: usize) -> usize {
    let mut i = from;
    while i < bytes.len() {
        if bytes[i] == b'\n' {
            let mut back = i;
            if back > from && bytes[back - 1] == b'\r' {
                back -= 1;
            }
            if back > from && bytes[back - 1] == b'\\' {
                i += 1;
                continue;
            }
            return i + 1;
        }
        i += 1;
    }
    bytes.len()
}

fn find(bytes: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    bytes
        .get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|at| from + at)
}

/// The end (past the closing quote) of the string or character literal
/// that opens at `from`; a newline ends an unclosed one.
fn literal_end(bytes: &[u8], from: usize) -> usize {
    let quote = bytes[from];
    let mut i = from + 1;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' => return i,
            b if b == quote => return i + 1,
            _ => i += 1,
        }
    }
    bytes.len()
}

/// The end of a raw string literal whose `"` is at `quote`:
/// `R"delim( ... )delim"`.
fn raw_end(bytes: &[u8], quote: usize) -> usize {
    let Some(paren) = bytes[quote..].iter().position(|&b| b == b'(') else {
        return literal_end(bytes, quote);
    };
    let delimiter = &bytes[quote + 1..quote + paren];
    let mut closing = vec![b')'];
    closing.extend_from_slice(delimiter);
    closing.push(b'"');
    find(bytes, quote + paren, &closing).map_or(bytes.len(), |at| at + closing.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_names_are_sorted() {
        assert!(STANDARD_FUNCTIONS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn a_declaration_that_opens_its_function_declares_it() {
        let declaration = "#include<vector>\nusing namespace std;\nbool f(vector<float> v, \
                           float t){\n";
        assert_eq!(
            declared(declaration),
            "#include<vector>\nusing namespace std;\nbool f(vector<float> v, float t);\n"
        );
        // HumanEval-X's CPP/38: a helper defined, the entry point opened
        // and part of its body given.
        let declaration = "#include<string>\nstring enc(string s){ \n  return s; }\n\n\
                           string dec(string s){ \n  int i;\n  for (i=0;i<3;i++)\n  {\n";
        assert_eq!(
            declared(declaration),
            "#include<string>\nstring enc(string s){ \n  return s; }\n\nstring dec(string s);\n"
        );
        // A closed declaration is kept as it is.
        assert_eq!(declared("int f(int);\n"), "int f(int);\n");
    }

    #[test]
    fn a_multiple_test_gives_its_closing_brace_to_the_candidate() {
        let units = split(
            "  return x + 1;",
            "}\nint main() {\n  assert(f(1) == 2);\n}\n",
            "#include <cassert>\n// doc\nlong f(long x) {\n",
        );
        assert_eq!(units.candidate, "  return x + 1;\n}\n");
        assert_eq!(
            units.test,
            "#include <cassert>\n// doc\nlong f(long x);\n\n\nint main() {\n  assert(f(1) == 2);\n}\n"
        );
    }

    #[test]
    fn without_a_declaration_only_includes_and_prototypes_reach_the_test() {
        let code = "#include <vector>\n#define assert(x) 0\n%:define ok 1\n/* c */ #define x 1\nusing namespace std;\n\
                    struct S { int a; };\nstatic int helper(int x) { return x; }\n\
                    /* a { brace */ int add(int a, int b) { return a + \"}\"[0] + b; }\n\
                    template <class T> T id(T x) { return x; }\n\
                    int S_f() noexcept { return 1; }\nint S::g() { return 2; }\n\
                    auto lam = [](int x) { return x; };\n\
                    int issame(int a) { return 1; }\nint unused(int a) { return 0; }\n\
                    int main() { return 0; }\n";
        let test = "#include <cassert>\nint issame(int a) { return a; }\n\
                    int main() { assert(add(1, 2) == 3 && issame(1) && id(2) && lam(1) && \
                    S_f() && helper(1)); }\n";
        let units = split(code, test, "");
        let head = units.test.strip_suffix(test).unwrap();
        assert_eq!(
            head,
            "#include <vector>\nusing namespace std;\nint add(int a, int b);\n\
             int S_f() noexcept;\n\n"
        );
        assert_eq!(units.candidate, code);
    }

    #[test]
    fn names_of_definitions_are_read_from_their_headers() {
        assert_eq!(function_name("int add(int a, int b)"), Some("add"));
        assert_eq!(
            function_name("\nstd::vector<long> f(std::vector<long> v) const noexcept"),
            Some("f")
        );
        assert_eq!(function_name("auto g(int x) -> int"), Some("g"));
        assert_eq!(function_name("int S::f()"), None);
        assert_eq!(function_name("struct S"), None);
        assert_eq!(function_name("auto f = [](int x)"), None);
        assert_eq!(function_name("namespace n"), None);
        assert_eq!(function_name("extern \"C\""), None);
    }
}
