//! The report's HTML: one self-contained page. Its stylesheet and its one
//! small script are inline and are the only ones a Content-Security-Policy
//! lets run (by hash), so nothing is loaded from anywhere and text a
//! candidate wrote can neither run nor restyle anything even if it were
//! not escaped (it is: every such text goes through [`escape`]). The script
//! only sorts the task table and opens its rows; without it the table is
//! in its default order and a task's link opens its row (`:target`).

use super::svg::{self, Axis, Chart, Estimate, Scale, color, escape};
use super::{BOOTSTRAP_ROUNDS, COSTLIEST, Report, Run, SPREAD_ROUNDS, TaskStats};
use crate::outcome::Outcome;
use base64::Engine as _;
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::fmt::Write as _;

/// `write!` into a `String` (which cannot fail).
macro_rules! put {
    ($out:expr, $($arg:tt)*) => {{
        let _ = write!($out, $($arg)*);
    }};
}

const STYLE: &str = r#"
:root { color-scheme: light; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d1d1f;
       margin: 0 auto; padding: 16px 24px 48px; max-width: 1200px; }
h1 { font-size: 24px; margin: 8px 0 4px; }
h2 { font-size: 19px; margin: 32px 0 6px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
h3 { font-size: 15px; margin: 16px 0 4px; }
h4 { font-size: 13px; margin: 10px 0 2px; }
.question { color: #444; margin: 4px 0 12px; max-width: 90ch; }
.note { color: #666; font-size: 13px; }
table { border-collapse: collapse; font-variant-numeric: tabular-nums; margin: 4px 0 8px; }
th, td { padding: 3px 8px; border-bottom: 1px solid #eee; text-align: left; vertical-align: top; }
th { font-weight: 600; background: #f7f7f7; }
td.num, th.num { text-align: right; }
.ci { color: #666; font-size: 12px; white-space: nowrap; }
.alert { color: #b00020; font-weight: 600; }
p.alert { border: 1px solid #b00020; background: #fdecee; padding: 8px 12px; border-radius: 4px; }
svg.chart { width: 100%; max-width: 900px; height: auto; display: block; }
svg.chart text { font-size: 12px; fill: #333; }
svg.chart text.title { font-size: 13px; fill: #111; }
svg.chart .grid { stroke: #e8e8e8; }
svg.chart .frame { stroke: #888; }
svg.chart .budget text { fill: #b00020; }
figure { margin: 8px 0; }
figcaption { color: #444; font-size: 13px; margin: 2px 0 6px; }
.panels { display: flex; flex-wrap: wrap; gap: 16px; }
.panels > figure { flex: 1 1 380px; max-width: 600px; }
.scroll { overflow-x: auto; }
table.tasks { font-size: 13px; }
table.tasks tr.row > td { white-space: nowrap; }
table.tasks th, table.tasks td { padding: 3px 6px; }
table.headline td { max-width: 46ch; }
tbody.task > tr.row:hover { background: #f3f7ff; }
.js tbody.task > tr.row { cursor: pointer; }
tr.more { display: none; }
tbody.task.open > tr.more, tr.more:target { display: table-row; }
tr.more > td { background: #fafafa; padding: 8px 12px 12px; }
pre { white-space: pre-wrap; word-break: break-word; background: #f2f2f2; padding: 6px 8px; margin: 2px 0 8px;
      max-height: 320px; overflow: auto; font-size: 12px; }
dl { margin: 4px 0; }
dt { font-weight: 600; font-size: 12px; color: #555; }
dd { margin: 0 0 0 12px; }
.js th[data-type] { cursor: pointer; }
th[aria-sort="ascending"]::after { content: " \25B2"; }
th[aria-sort="descending"]::after { content: " \25BC"; }
.hint { display: none; }
.js .hint { display: inline; }
.swatch { vertical-align: -1px; margin-right: 4px; }
@media print {
  body { max-width: none; padding: 0; }
  tr.more, .hint { display: none !important; }
  figure, svg.chart { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
}
"#;

const SCRIPT: &str = r#"
(function () {
  'use strict';
  document.documentElement.classList.add('js');
  function each(list, f) { Array.prototype.forEach.call(list, f); }
  function value(cell, numeric) {
    var text = cell ? cell.getAttribute('data-sort') : null;
    if (text === null && cell) { text = cell.textContent; }
    if (!numeric) { return text || ''; }
    var number = parseFloat(text);
    return isNaN(number) ? null : number;
  }
  each(document.querySelectorAll('table.sortable'), function (table) {
    var head = table.tHead.rows[table.tHead.rows.length - 1];
    each(head.cells, function (th, column) {
      var type = th.getAttribute('data-type');
      if (!type) { return; }
      th.tabIndex = 0;
      function sort() {
        var ascending = th.getAttribute('aria-sort') !== 'ascending';
        each(head.cells, function (other) { other.removeAttribute('aria-sort'); });
        th.setAttribute('aria-sort', ascending ? 'ascending' : 'descending');
        var numeric = type === 'num';
        var bodies = Array.prototype.slice.call(table.tBodies);
        bodies.sort(function (a, b) {
          var x = value(a.rows[0].cells[column], numeric);
          var y = value(b.rows[0].cells[column], numeric);
          if (x === null || y === null) { return (x === null) - (y === null); }
          var order = numeric ? x - y : x.localeCompare(y, undefined, { numeric: true });
          return ascending ? order : -order;
        });
        each(bodies, function (body) { table.appendChild(body); });
      }
      th.addEventListener('click', sort);
      th.addEventListener('keydown', function (event) {
        if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); sort(); }
      });
    });
  });
  each(document.querySelectorAll('tbody.task'), function (body) {
    body.rows[0].addEventListener('click', function (event) {
      event.preventDefault();
      body.classList.toggle('open');
    });
  });
})();
"#;

/// The CSP source of an inline element's text.
fn hash(text: &str) -> String {
    format!(
        "'sha256-{}'",
        base64::engine::general_purpose::STANDARD.encode(Sha256::digest(text.as_bytes()))
    )
}

/// A small coloured square for series `index`.
fn swatch(index: usize) -> String {
    format!(
        "<svg class=\"swatch\" width=\"12\" height=\"12\" aria-hidden=\"true\"><rect width=\"12\" height=\"12\" fill=\"{}\"/></svg>",
        color(index)
    )
}

/// A run's name with its colour.
fn name(index: usize, run: &Run) -> String {
    format!("{}{}", swatch(index), escape(&run.label))
}

/// A probability with four decimals.
fn p4(value: f64) -> String {
    format!("{value:.4}")
}

/// A share as a percentage.
fn percent(part: f64, whole: f64) -> String {
    if whole <= 0.0 {
        return "0%".into();
    }
    let share = 100.0 * part / whole;
    if share > 0.0 && share < 0.1 {
        "<0.1%".into()
    } else {
        format!("{share:.1}%")
    }
}

/// Fuel in seconds of native time at its language's rate, if known.
fn seconds(language: &str, fuel: u64) -> Option<f64> {
    let language = crate::language::Language::parse(language).ok()?;
    let rate = crate::runtime::kind(language.default_runtime())
        .ok()?
        .rate();
    Some(rate.seconds(fuel))
}

/// The failure word of a sample: its outcome and error kind.
fn failure_words(outcome: Outcome, kind: Option<crate::outcome::ErrorKind>) -> String {
    match kind {
        Some(kind) => format!("{outcome} ({kind})"),
        None => outcome.to_string(),
    }
}

/// The whole page.
pub(super) fn render(report: &Report) -> String {
    let labels: Vec<&str> = report.runs.iter().map(|r| r.label.as_str()).collect();
    let mut page = String::with_capacity(1 << 16);
    put!(
        page,
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src {}; script-src {}; \
         base-uri 'none'; form-action 'none'\">\
         <meta name=\"generator\" content=\"wasmeval {}\">\
         <title>wasmeval report: {}</title><style>{STYLE}</style></head>\n<body>\n",
        hash(STYLE),
        hash(SCRIPT),
        env!("CARGO_PKG_VERSION"),
        escape(&labels.join(" vs ")),
    );
    put!(page, "<header><h1>wasmeval report</h1><p class=\"note\">");
    for (i, run) in report.runs.iter().enumerate() {
        put!(
            page,
            "{}{}: <code>{}</code>",
            if i > 0 { "<br>" } else { "" },
            name(i, run),
            escape(&run.path.display().to_string())
        );
    }
    if let Some(problems) = &report.problems {
        put!(
            page,
            "<br>problems: <code>{}</code> ({} problems)",
            escape(&problems.path.display().to_string()),
            problems.order.len()
        );
    }
    put!(page, "</p></header>\n");
    headline(&mut page, report);
    curve(&mut page, report);
    variance(&mut page, report);
    tasks(&mut page, report);
    distributions(&mut page, report);
    costliest(&mut page, report);
    put!(
        page,
        "<footer><p class=\"note\">Written by wasmeval {}. Self-contained: no script, style or font is loaded \
         from anywhere. Its one inline script only sorts the task table and opens its rows; without it the \
         page reads the same (a task's link opens its row).</p></footer>\n<script>{SCRIPT}</script>\n</body></html>\n",
        env!("CARGO_PKG_VERSION")
    );
    page
}

/// One row of the headline table: a header, then one cell per run.
fn row(out: &mut String, report: &Report, header: &str, cell: impl Fn(usize, &Run) -> String) {
    put!(out, "<tr><th>{header}</th>");
    for (i, run) in report.runs.iter().enumerate() {
        out.push_str(&cell(i, run));
    }
    out.push_str("</tr>\n");
}

fn headline(out: &mut String, report: &Report) {
    put!(out, "<section id=\"headline\"><h2>Headline</h2>");
    for run in report.runs.iter().filter(|r| r.summary.internal > 0) {
        let lines: Vec<String> = run
            .internal_lines
            .iter()
            .take(10)
            .map(|l| l.to_string())
            .collect();
        put!(
            out,
            "<p class=\"alert\" id=\"internal-alert\">{} internal failure(s) of wasmeval in {}: not the \
             candidates' fault, counted as failed samples (score 0) in pass@k and the mean score; see their detail (line {}{}).</p>",
            run.summary.internal,
            escape(&run.label),
            lines.join(", "),
            if run.internal_lines.len() > 10 {
                ", ..."
            } else {
                ""
            }
        );
    }
    put!(
        out,
        "<p class=\"question\">How good is it, and how sure are we? pass@k is the unbiased estimator \
         (the chance that at least one of k samples of a task passes, averaged over tasks), with a 95% \
         bootstrap interval over tasks ({BOOTSTRAP_ROUNDS} resamples, seeded): the numbers of \
         <code>wasmeval eval</code>'s summary.</p><div class=\"scroll\"><table class=\"headline\"><thead><tr><th></th>"
    );
    for (i, run) in report.runs.iter().enumerate() {
        put!(out, "<th>{}</th>", name(i, run));
    }
    put!(out, "</tr></thead><tbody>\n");
    row(out, report, "tasks", |i, run| {
        let n = run.summary.per_task.len();
        format!(
            "<td class=\"num\" data-run=\"{i}\" data-metric=\"tasks\" data-value=\"{n}\">{n}</td>"
        )
    });
    row(out, report, "samples", |i, run| {
        let n = run.summary.total;
        format!(
            "<td class=\"num\" data-run=\"{i}\" data-metric=\"samples\" data-value=\"{n}\">{n}</td>"
        )
    });
    for &k in &report.ks {
        row(out, report, &format!("pass@{k}"), |i, run| {
            match run.summary.pass_at_k.iter().find(|e| e.k == k) {
                Some(e) => format!(
                    "<td class=\"num\" data-run=\"{i}\" data-metric=\"pass@{k}\" data-value=\"{}\" data-low=\"{}\" \
                     data-high=\"{}\"><strong>{}</strong> <span class=\"ci\">[{}, {}]</span></td>",
                    e.value,
                    e.ci_low,
                    e.ci_high,
                    p4(e.value),
                    p4(e.ci_low),
                    p4(e.ci_high)
                ),
                None if run.summary.per_task.is_empty() => {
                    "<td class=\"note\">no task ids</td>".to_string()
                }
                None => format!(
                    "<td class=\"note\">needs {k} samples of every task (fewest: {})</td>",
                    run.min_samples()
                ),
            }
        });
    }
    row(out, report, "mean score", |i, run| {
        format!(
            "<td class=\"num\" data-run=\"{i}\" data-metric=\"mean_score\" data-value=\"{}\">{}</td>",
            run.summary.mean_score,
            p4(run.summary.mean_score)
        )
    });
    for outcome in Outcome::ALL {
        row(out, report, outcome.as_str(), |i, run| {
            let count = run.summary.count(outcome);
            format!(
                "<td class=\"num\" data-run=\"{i}\" data-metric=\"outcome:{outcome}\" data-value=\"{count}\">{count} \
                 <span class=\"ci\">{}</span></td>",
                percent(count as f64, run.summary.total as f64)
            )
        });
    }
    row(out, report, "error kinds", |_, run| {
        let kinds: Vec<String> = run
            .summary
            .error_kinds
            .iter()
            .map(|(kind, count)| format!("{} {count}", escape(kind)))
            .collect();
        format!(
            "<td>{}</td>",
            if kinds.is_empty() {
                "none".into()
            } else {
                kinds.join(", ")
            }
        )
    });
    row(out, report, "internal failures", |i, run| {
        let n = run.summary.internal;
        format!(
            "<td class=\"num{}\" data-run=\"{i}\" data-metric=\"internal\" data-value=\"{n}\">{n}</td>",
            if n > 0 { " alert" } else { "" }
        )
    });
    row(out, report, "invalid lines", |i, run| {
        let n = run.summary.invalid;
        format!(
            "<td class=\"num\" data-run=\"{i}\" data-metric=\"invalid\" data-value=\"{n}\">{n}</td>"
        )
    });
    row(out, report, "wall-clock backstop timeouts", |_, run| {
        format!("<td class=\"num\">{}</td>", run.summary.wall_backstop)
    });
    if report.problems.is_some() {
        row(out, report, "problems without samples", |_, run| {
            let shown: Vec<String> = run
                .unattempted
                .iter()
                .take(8)
                .map(|id| escape(id))
                .collect();
            format!(
                "<td>{}{}{}</td>",
                run.unattempted.len(),
                if shown.is_empty() {
                    String::new()
                } else {
                    format!(": {}", shown.join(", "))
                },
                if run.unattempted.len() > 8 {
                    ", ..."
                } else {
                    ""
                }
            )
        });
    }
    put!(out, "</tbody></table></div></section>\n");
}

fn curve(out: &mut String, report: &Report) {
    put!(
        out,
        "<section id=\"curve\"><h2>pass@k against k</h2><p class=\"question\">How does the chance that at least one \
         of k samples passes grow with k, and how sure are we? The unbiased estimate for k from 1 to the fewest \
         samples any task has (log scale), with its 95% bootstrap interval as a band.</p>"
    );
    let widest = report.runs.iter().map(Run::min_samples).max().unwrap_or(0);
    if widest == 0 {
        put!(
            out,
            "<p class=\"note\">No task ids: pass@k needs samples grouped by task.</p></section>\n"
        );
        return;
    }
    let mut chart = Chart::new(
        760.0,
        380.0,
        Scale::log(1.0, widest.max(2) as f64),
        Scale::linear(0.0, 1.0),
    );
    chart.axes(
        &Axis {
            label: "k (samples per task, log scale)",
            format: &svg::integer,
            ticks: None,
        },
        &Axis {
            label: "pass@k",
            format: &svg::decimal,
            ticks: None,
        },
    );
    for (i, run) in report.runs.iter().enumerate() {
        let points: Vec<Estimate> = run
            .curve
            .iter()
            .map(|e| Estimate {
                x: e.k as f64,
                y: e.value,
                low: e.ci_low,
                high: e.ci_high,
                title: format!(
                    "{}: pass@{} = {} (95% CI {} to {})",
                    run.label,
                    e.k,
                    p4(e.value),
                    p4(e.ci_low),
                    p4(e.ci_high)
                ),
            })
            .collect();
        chart.estimates(&run.label, color(i), &points);
    }
    put!(
        out,
        "<figure>{}</figure>",
        chart.finish(
            "pass-at-k-curve",
            "pass@k against k, with 95% bootstrap intervals"
        )
    );
    for run in report.runs.iter().filter(|r| r.min_samples() == 1) {
        put!(
            out,
            "<p class=\"note\">{}: some task has a single sample, so only pass@1 is defined.</p>",
            escape(&run.label)
        );
    }
    put!(out, "</section>\n");
}

fn variance(out: &mut String, report: &Report) {
    put!(
        out,
        "<section id=\"variance\"><h2>Variance of pass@k</h2><p class=\"question\">How many samples per task does \
         a stable pass@k need? For each k, pass@k computed from only m of each task's samples (drawn without \
         replacement, {SPREAD_ROUNDS} seeded draws): the band holds the middle 95% of the draws, the line their \
         mean. Where the band is narrow, m samples would have been enough; at m = n every draw is the whole set, \
         so it closes.</p>"
    );
    let mut ks: Vec<u64> = report
        .runs
        .iter()
        .flat_map(|r| r.spread.iter().map(|s| s.k))
        .collect();
    ks.sort_unstable();
    ks.dedup();
    if ks.is_empty() {
        put!(
            out,
            "<p class=\"note\">No k of {:?} has enough samples per task to draw fewer.</p></section>\n",
            report.ks
        );
        return;
    }
    put!(out, "<div class=\"panels\">");
    for &k in &ks {
        let points: Vec<_> = report
            .runs
            .iter()
            .flat_map(|r| r.spread.iter().filter(|s| s.k == k))
            .collect();
        let widest = points.iter().map(|s| s.m).max().unwrap_or(k);
        let low = points.iter().map(|s| s.low).fold(f64::INFINITY, f64::min);
        let high = points
            .iter()
            .map(|s| s.high)
            .fold(f64::NEG_INFINITY, f64::max);
        let pad = ((high - low) * 0.1).max(0.01);
        let mut chart = Chart::new(
            520.0,
            340.0,
            Scale::log(k as f64, widest.max(k + 1) as f64),
            Scale::linear((low - pad).max(0.0), (high + pad).min(1.0)),
        );
        chart.axes(
            &Axis {
                label: "m (samples per task, log scale)",
                format: &svg::integer,
                ticks: None,
            },
            &Axis {
                label: &format!("pass@{k}"),
                format: &svg::decimal,
                ticks: None,
            },
        );
        for (i, run) in report.runs.iter().enumerate() {
            let points: Vec<Estimate> = run
                .spread
                .iter()
                .filter(|s| s.k == k)
                .map(|s| Estimate {
                    x: s.m as f64,
                    y: s.mean,
                    low: s.low,
                    high: s.high,
                    title: format!(
                        "{}: pass@{k} from m = {} samples per task: mean {}, sd {}, 95% of draws in [{}, {}]",
                        run.label,
                        s.m,
                        p4(s.mean),
                        p4(s.sd),
                        p4(s.low),
                        p4(s.high)
                    ),
                })
                .collect();
            chart.estimates(&run.label, color(i), &points);
        }
        put!(
            out,
            "<figure><figcaption>pass@{k}</figcaption>{}</figure>",
            chart.finish(
                &format!("variance-k{k}"),
                &format!("the spread of pass@{k} when m samples per task are drawn")
            )
        );
    }
    put!(
        out,
        "</div><table class=\"spread\"><thead><tr><th>results</th><th>k</th><th>standard deviation of pass@k \
         from m samples per task</th><th>sd &le; 0.01 from</th></tr></thead><tbody>"
    );
    for (i, run) in report.runs.iter().enumerate() {
        for &k in &ks {
            let spread: Vec<_> = run.spread.iter().filter(|s| s.k == k).collect();
            let Some(last) = spread.last() else {
                continue;
            };
            let cells: Vec<String> = spread
                .iter()
                .map(|s| format!("m={}: {}", s.m, p4(s.sd)))
                .collect();
            let stable = match spread.iter().find(|s| s.m < last.m && s.sd <= 0.01) {
                Some(s) => format!("m = {}", s.m),
                None => format!("none below m = {} (every sample)", last.m),
            };
            put!(
                out,
                "<tr><td>{}</td><td class=\"num\">{k}</td><td>{}</td><td>{stable}</td></tr>",
                name(i, run),
                cells.join(", &nbsp;")
            );
        }
    }
    put!(out, "</tbody></table></section>\n");
}

/// Columns of the task table per run: title, sort type, tooltip.
const TASK_COLUMNS: [(&str, &str, &str); 7] = [
    (
        "samples",
        "num",
        "samples scored (internal failures left out)",
    ),
    ("passed", "num", "samples that passed"),
    ("pass rate", "num", "passed / samples"),
    (
        "flaky",
        "num",
        "share of samples whose verdict differs from the task's majority (0.5: half pass)",
    ),
    (
        "most common failure",
        "text",
        "the outcome most failing samples ended in, and how many",
    ),
    (
        "error_kind",
        "text",
        "the error kind of the most common failure",
    ),
    ("median fuel", "num", "median fuel of the task's samples"),
];

fn task_cells(out: &mut String, task: Option<&TaskStats>) {
    let Some(task) = task else {
        for _ in TASK_COLUMNS {
            out.push_str("<td data-sort=\"\" class=\"note\">&mdash;</td>");
        }
        return;
    };
    let failure = task.most_common_failure();
    let fuel = task.median_fuel();
    put!(
        out,
        "<td class=\"num\" data-sort=\"{0}\">{0}</td><td class=\"num\" data-sort=\"{1}\">{1}</td>\
         <td class=\"num\" data-sort=\"{2}\">{3}</td><td class=\"num\" data-sort=\"{4}\">{5}</td>\
         <td data-sort=\"{6}\">{7}</td><td data-sort=\"{8}\">{8}</td><td class=\"num\" data-sort=\"{fuel}\">{9}</td>",
        task.samples,
        task.passed,
        task.pass_rate(),
        percent(task.passed as f64, task.samples as f64),
        task.flakiness(),
        svg::decimal(task.flakiness()),
        failure.map_or("", |f| f.outcome.as_str()),
        failure.map_or_else(
            || "&mdash;".to_string(),
            |f| format!("{} &times;{}", f.outcome, f.count)
        ),
        failure
            .and_then(|f| f.error_kind)
            .map_or("", |k| k.as_str()),
        svg::scientific(fuel as f64),
    );
}

/// A `<pre>` of candidate text, or a note that it is empty.
fn shown(out: &mut String, term: &str, text: Option<&str>) {
    match text {
        Some(text) if !text.is_empty() => {
            put!(out, "<dt>{term}</dt><dd><pre>{}</pre></dd>", escape(text));
        }
        _ => put!(out, "<dt>{term}</dt><dd class=\"note\">(empty)</dd>"),
    }
}

fn task_detail(out: &mut String, report: &Report, id: &str) {
    if let Some(problem) = report.problems.as_ref().and_then(|p| p.by_id.get(id)) {
        put!(
            out,
            "<details><summary>prompt of {}</summary><pre>{}</pre></details>",
            escape(id),
            escape(&super::clip(&problem.prompt))
        );
    }
    for (i, run) in report.runs.iter().enumerate() {
        put!(out, "<div class=\"sample\"><h4>{}</h4>", name(i, run));
        let Some(task) = run.task(id) else {
            put!(out, "<p class=\"note\">no samples</p></div>");
            continue;
        };
        let Some(failure) = task.most_common_failure() else {
            put!(out, "<p>all {} samples passed</p></div>", task.samples);
            continue;
        };
        let example = &failure.example;
        put!(
            out,
            "<p>{} in {} of {} samples; the first of them, line {} of <code>{}</code>:</p><dl>",
            escape(&failure_words(failure.outcome, failure.error_kind)),
            failure.count,
            task.samples,
            example.line,
            escape(&run.path.display().to_string())
        );
        shown(out, "detail", example.detail.as_deref());
        if example.target.is_some() {
            shown(out, "failing target", example.target.as_deref());
        }
        shown(out, "stdout", Some(&example.stdout));
        shown(out, "stderr", Some(&example.stderr));
        put!(out, "</dl>");
        if let Some(code) = &example.code {
            put!(
                out,
                "<details><summary>code</summary><pre>{}</pre></details>",
                escape(code)
            );
        }
        let others: Vec<String> = task
            .failures
            .iter()
            .filter(|f| f != &failure)
            .map(|f| {
                format!(
                    "{} &times;{} (first on line {})",
                    escape(&failure_words(f.outcome, f.error_kind)),
                    f.count,
                    f.example.line
                )
            })
            .collect();
        if !others.is_empty() {
            put!(
                out,
                "<p class=\"note\">other failures: {}</p>",
                others.join(", ")
            );
        }
        put!(out, "</div>");
    }
}

fn tasks(out: &mut String, report: &Report) {
    let order = report.task_order();
    put!(
        out,
        "<section id=\"tasks\"><h2>Outcomes per task</h2><p class=\"question\">Which tasks fail, and how? \
         Hardest first (lowest pass rate: those that never pass, then the flaky ones, whose samples disagree), \
         then those that always pass. <span class=\"hint\">Click a column to sort by it, a row to see one \
         failing sample.</span> A task's link shows its most common failure's first sample: its detail, stdout \
         and stderr.</p>"
    );
    if order.is_empty() {
        put!(
            out,
            "<p class=\"note\">No task ids in the results.</p></section>\n"
        );
        return;
    }
    let row_of: HashMap<&str, usize> = order
        .iter()
        .enumerate()
        .map(|(i, id)| (id.as_str(), i))
        .collect();
    for (i, run) in report.runs.iter().enumerate() {
        let never = run.tasks.iter().filter(|t| t.passed == 0).count();
        let links: Vec<String> = run
            .flakiest(10)
            .iter()
            .map(|t| {
                format!(
                    "<a href=\"#t-{}\">{}</a> ({}/{})",
                    row_of[t.id.as_str()],
                    escape(&t.id),
                    t.passed,
                    t.samples
                )
            })
            .collect();
        put!(
            out,
            "<p>{}: {never} of {} tasks never pass; flakiest: {}</p>",
            name(i, run),
            run.tasks.len(),
            if links.is_empty() {
                "none (every task's samples agree)".to_string()
            } else {
                links.join(", ")
            }
        );
    }
    let several = report.runs.len() > 1;
    let columns = 1 + TASK_COLUMNS.len() * report.runs.len() + usize::from(several);
    put!(
        out,
        "<div class=\"scroll\"><table class=\"sortable tasks\" id=\"task-table\"><thead>"
    );
    if several {
        put!(out, "<tr><th></th>");
        for (i, run) in report.runs.iter().enumerate() {
            put!(
                out,
                "<th colspan=\"{}\">{}</th>",
                TASK_COLUMNS.len(),
                name(i, run)
            );
        }
        put!(out, "<th></th></tr>");
    }
    put!(out, "<tr><th data-type=\"text\">task</th>");
    for _ in &report.runs {
        for (title, kind, tooltip) in TASK_COLUMNS {
            put!(
                out,
                "<th data-type=\"{kind}\" title=\"{tooltip}\">{title}</th>"
            );
        }
    }
    if several {
        put!(
            out,
            "<th data-type=\"num\" title=\"pass rate of the last results minus the first\">&Delta; pass rate</th>"
        );
    }
    put!(out, "</tr></thead>\n");
    for (row, id) in order.iter().enumerate() {
        put!(
            out,
            "<tbody class=\"task\"><tr class=\"row\"><td data-sort=\"{0}\"><a href=\"#t-{row}\">{0}</a></td>",
            escape(id)
        );
        for run in &report.runs {
            task_cells(out, run.task(id));
        }
        if several {
            let first = report.runs.first().and_then(|r| r.task(id));
            let last = report.runs.last().and_then(|r| r.task(id));
            match (first, last) {
                (Some(a), Some(b)) => {
                    let delta = b.pass_rate() - a.pass_rate();
                    put!(
                        out,
                        "<td class=\"num\" data-sort=\"{delta}\">{delta:+.2}</td>"
                    );
                }
                _ => put!(out, "<td data-sort=\"\" class=\"note\">&mdash;</td>"),
            }
        }
        put!(
            out,
            "</tr><tr class=\"more\" id=\"t-{row}\"><td colspan=\"{columns}\">"
        );
        task_detail(out, report, id);
        put!(out, "</td></tr></tbody>\n");
    }
    put!(out, "</table></div></section>\n");
}

/// The bins of the pass-rate histogram.
const RATE_BINS: [&str; 7] = [
    "0",
    "(0, 0.2)",
    "[0.2, 0.4)",
    "[0.4, 0.6)",
    "[0.6, 0.8)",
    "[0.8, 1)",
    "1",
];

fn rate_bin(task: &TaskStats) -> usize {
    match task.passed {
        0 => 0,
        p if p == task.samples => 6,
        _ => 1 + ((task.pass_rate() * 5.0).floor() as usize).min(4),
    }
}

/// Integer ticks of a count axis.
fn count_ticks(scale: Scale) -> Vec<f64> {
    scale
        .ticks(5)
        .into_iter()
        .filter(|t| t.fract() == 0.0)
        .collect()
}

fn distributions(out: &mut String, report: &Report) {
    put!(
        out,
        "<section id=\"distributions\"><h2>Distributions</h2><h3>Pass rate per task</h3><p class=\"question\">Is \
         the benchmark decided by a few hard tasks or by many flaky ones? Tasks by the share of their samples that \
         pass.</p>"
    );
    let counts: Vec<[f64; 7]> = report
        .runs
        .iter()
        .map(|run| {
            let mut bins = [0.0; 7];
            for task in &run.tasks {
                bins[rate_bin(task)] += 1.0;
            }
            bins
        })
        .collect();
    let most = counts.iter().flatten().copied().fold(1.0, f64::max);
    let y = Scale::linear(0.0, most * 1.08);
    let mut chart = Chart::new(760.0, 320.0, Scale::linear(0.0, 7.0), y);
    let label = |v: f64| {
        RATE_BINS
            .get(v.floor() as usize)
            .copied()
            .unwrap_or("")
            .to_string()
    };
    chart.axes(
        &Axis {
            label: "pass rate (passed / samples)",
            format: &label,
            ticks: Some((0..7).map(|i| i as f64 + 0.5).collect()),
        },
        &Axis {
            label: "tasks",
            format: &svg::integer,
            ticks: Some(count_ticks(y)),
        },
    );
    let bins: Vec<(f64, f64)> = (0..7).map(|i| (i as f64, i as f64 + 1.0)).collect();
    for (i, (run, values)) in report.runs.iter().zip(&counts).enumerate() {
        let titles: Vec<String> = values
            .iter()
            .zip(RATE_BINS)
            .map(|(n, bin)| format!("{}: {n} task(s) with pass rate {bin}", run.label))
            .collect();
        chart.bars(&bins, values, i, report.runs.len(), color(i), &titles);
        chart.legend(&run.label, color(i));
    }
    put!(
        out,
        "<figure>{}</figure>",
        chart.finish("pass-rates", "tasks by pass rate")
    );
    fuel_histogram(out, report);
    put!(out, "</section>\n");
}

fn fuel_histogram(out: &mut String, report: &Report) {
    put!(
        out,
        "<h3>Fuel per sample</h3><p class=\"question\">Where did the time go? Samples by the fuel they burnt (the \
         deterministic cost; log scale), with the timeout's budget marked: samples at the budget timed out.</p>"
    );
    let budgets = report.budgets();
    let fuels = report
        .runs
        .iter()
        .flat_map(|r| r.costs.iter().map(|c| c.fuel_used))
        .filter(|f| *f > 0);
    let (lo, hi) = fuels.fold((u64::MAX, 0), |(lo, hi), f| (lo.min(f), hi.max(f)));
    if hi == 0 {
        put!(out, "<p class=\"note\">No sample burnt any fuel.</p>");
        return;
    }
    let hi = budgets.iter().map(|b| b.1).fold(hi, u64::max);
    let lo = budgets.iter().map(|b| b.1).fold(lo, u64::min);
    // Four bins per decade, on quarter-decade edges.
    let first = ((lo as f64).log10() * 4.0).floor() as i32;
    let last = (((hi as f64).log10() * 4.0).floor() as i32 + 1).max(first + 1);
    let edge = |i: i32| 10f64.powf(i as f64 / 4.0);
    let bins: Vec<(f64, f64)> = (first..last).map(|i| (edge(i), edge(i + 1))).collect();
    let counts: Vec<Vec<f64>> = report
        .runs
        .iter()
        .map(|run| {
            let mut values = vec![0.0; bins.len()];
            for cost in run.costs.iter().filter(|c| c.fuel_used > 0) {
                let bin = (((cost.fuel_used as f64).log10() * 4.0).floor() as i32 - first)
                    .clamp(0, bins.len() as i32 - 1);
                values[bin as usize] += 1.0;
            }
            values
        })
        .collect();
    let most = counts.iter().flatten().copied().fold(1.0, f64::max);
    let y = Scale::linear(0.0, most * 1.08);
    let mut chart = Chart::new(760.0, 340.0, Scale::log(edge(first), edge(last)), y);
    chart.axes(
        &Axis {
            label: "fuel used (log scale)",
            format: &svg::scientific,
            ticks: None,
        },
        &Axis {
            label: "samples",
            format: &svg::integer,
            ticks: Some(count_ticks(y)),
        },
    );
    for (i, (run, values)) in report.runs.iter().zip(&counts).enumerate() {
        let titles: Vec<String> = bins
            .iter()
            .zip(values)
            .map(|((a, b), n)| {
                format!(
                    "{}: {n} sample(s) with fuel in [{}, {})",
                    run.label,
                    svg::scientific(*a),
                    svg::scientific(*b)
                )
            })
            .collect();
        chart.bars(&bins, values, i, report.runs.len(), color(i), &titles);
        chart.legend(&run.label, color(i));
    }
    for (runtime, fuel) in &budgets {
        chart.vline(
            *fuel as f64,
            &format!("{runtime}: {} s budget", svg::decimal(report.timeout_s)),
            "#b00020",
        );
    }
    put!(
        out,
        "<figure>{}</figure>",
        chart.finish("fuel", "samples by fuel used, with the timeout budget")
    );
    for run in &report.runs {
        let idle = run.costs.iter().filter(|c| c.fuel_used == 0).count();
        if idle > 0 {
            put!(
                out,
                "<p class=\"note\">{}: {idle} sample(s) burnt no fuel (they never ran: no code, ...) and are \
                 not drawn.</p>",
                escape(&run.label)
            );
        }
    }
    put!(
        out,
        "<table class=\"time\"><thead><tr><th>results</th><th>outcome</th><th class=\"num\">samples</th>\
         <th class=\"num\">share of fuel</th><th class=\"num\">share of wall time</th><th class=\"num\">wall time</th>\
         </tr></thead><tbody>"
    );
    for (i, run) in report.runs.iter().enumerate() {
        let fuel: f64 = run.costs.iter().map(|c| c.fuel_used as f64).sum();
        let wall: f64 = run.costs.iter().map(|c| c.wall_ms as f64).sum();
        for outcome in Outcome::ALL {
            let of: Vec<_> = run.costs.iter().filter(|c| c.outcome == outcome).collect();
            if of.is_empty() {
                continue;
            }
            let part_fuel: f64 = of.iter().map(|c| c.fuel_used as f64).sum();
            let part_wall: f64 = of.iter().map(|c| c.wall_ms as f64).sum();
            put!(
                out,
                "<tr><td>{}</td><td>{outcome}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
                 <td class=\"num\">{}</td><td class=\"num\">{:.1} s</td></tr>",
                name(i, run),
                of.len(),
                percent(part_fuel, fuel),
                percent(part_wall, wall),
                part_wall / 1000.0
            );
        }
    }
    put!(out, "</tbody></table>");
}

fn costliest(out: &mut String, report: &Report) {
    put!(
        out,
        "<section id=\"costliest\"><h2>The {COSTLIEST} costliest samples</h2><p class=\"question\">Which samples \
         cost the most? By fuel (the same on any machine), with the native-equivalent seconds it stands for and the \
         wall time it took here.</p>"
    );
    for (i, run) in report.runs.iter().enumerate() {
        put!(
            out,
            "<h3>{}</h3><table class=\"costliest\"><thead><tr><th class=\"num\">#</th><th>task</th>\
             <th class=\"num\">line</th><th class=\"num\">fuel</th><th class=\"num\">native s</th>\
             <th class=\"num\">wall ms</th><th>outcome</th><th>error_kind</th></tr></thead><tbody>",
            name(i, run)
        );
        for (rank, cost) in run.costliest(COSTLIEST).iter().enumerate() {
            put!(
                out,
                "<tr><td class=\"num\">{}</td><td>{}</td><td class=\"num\">{}</td><td class=\"num\">{}</td>\
                 <td class=\"num\">{}</td><td class=\"num\">{}</td><td>{}</td><td>{}</td></tr>",
                rank + 1,
                escape(cost.id.as_deref().unwrap_or("(no id)")),
                cost.line,
                svg::scientific(cost.fuel_used as f64),
                seconds(&cost.language, cost.fuel_used)
                    .map_or_else(|| "?".into(), |s| format!("{s:.2}")),
                cost.wall_ms,
                cost.outcome,
                cost.error_kind.map_or("", |k| k.as_str())
            );
        }
        put!(out, "</tbody></table>");
    }
    put!(out, "</section>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_lets_exactly_the_inline_script_and_style_run() {
        let report = Report {
            runs: Vec::new(),
            problems: None,
            ks: vec![1],
            timeout_s: 3.0,
            runtime: None,
        };
        let html = render(&report);
        let between = |open: &str, close: &str| {
            let start = html.find(open).unwrap() + open.len();
            html[start..start + html[start..].find(close).unwrap()].to_string()
        };
        let script = between("<script>", "</script>");
        let style = between("<style>", "</style>");
        let policy = between("Content-Security-Policy\" content=\"", "\"");
        assert!(policy.starts_with("default-src 'none';"), "{policy}");
        assert!(
            policy.contains(&format!("script-src {};", hash(&script))),
            "{policy}"
        );
        assert!(
            policy.contains(&format!("style-src {};", hash(&style))),
            "{policy}"
        );
        // Nothing is loaded from anywhere.
        for loads in ["src=", "href=\"http", "url(", "@import"] {
            assert!(!html.contains(loads), "{loads}");
        }
    }
}
