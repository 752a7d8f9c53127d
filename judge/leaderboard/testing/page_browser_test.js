// Loads the leaderboard page built from the page fixture (testdata/page: two
// GPUs, an L4 whose only record is a wrong answer, a float16 entry beside
// float32 ones, a suspicious and an allowed entry, records over several
// days, hostile text, CPU-emulated and broken records) in headless Chromium
// (Debian's, driven by playwright-core) and checks what a visitor sees and
// can do: the rows are leaderboard.json's; per case median, minimum, spread,
// GB/s, GFLOP/s and the share of the device's bound; source links at the
// judged commit; short judge versions; dates with times; history charts;
// permanent anchors for devices, boards, problems and authors; search;
// sorting with the keyboard; an empty device and an empty board that say how
// to submit; flags as one sentence with details folded; no overflow at
// 390 px; no axe-core violation in light and dark mode; nothing fetched.
// Saves desktop and phone screenshots.
//
//   node page_browser_test.js SITE_DIR EMPTY_SITE_DIR SOURCE_BASE OUTPUT_DIR
"use strict";
const assert = require("assert");
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const [site, emptySite, sourceBase, outputs] = process.argv.slice(2);
const data = JSON.parse(fs.readFileSync(path.join(site, "leaderboard.json"), "utf8"));
const axeSource = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const pageUrl = "file://" + path.resolve(site, "index.html");
const H100 = "NVIDIA H100 80GB HBM3";
const A100 = "NVIDIA A100-SXM4-40GB";
const L4 = "NVIDIA L4";
const SLUGS = {[H100]: "h100", [A100]: "a100", [L4]: "l4", "Unknown GPU": "unknown-gpu"};
// The float32 board of a problem on a device (a float16 record ranks on a board of its own).
const board = (problem, device) =>
    data.boards.find(b => b.problem === problem && b.device === device && (b.dtype || "float32") === "float32");
const boardId = b => SLUGS[b.device] + "/" + b.problem + (b.dtype && b.dtype !== "float32" ? "/" + b.dtype : "") +
                     (b.bench_tier !== "full" ? "/" + b.bench_tier : "");

let failures = 0;
async function check(name, body) {
  try {
    await body();
    console.log("ok: " + name);
  } catch (error) {
    failures++;
    console.log("FAIL: " + name + "\n  " + String(error.stack || error).split("\n").slice(0, 8).join("\n  "));
  }
}

// The rows of every board as the page shows them.
function shownBoards(page) {
  return page.$$eval("section.board", sections => sections.map(section => ({
    id: section.id,
    problem: section.getAttribute("data-problem"),
    device: section.getAttribute("data-device"),
    hidden: section.hidden,
    rows: Array.from(section.querySelectorAll("tr.entry")).map(row => ({
      record: row.getAttribute("data-record"),
      rank: row.querySelector("td.rank").textContent,
      author: row.querySelector("td.author a").textContent,
      title: row.querySelector("td.title").firstChild.textContent,
      runtime: row.querySelector("td.runtime").textContent,
      suspicious: row.classList.contains("suspicious"),
      flag: (row.querySelector(".flag") || {textContent: ""}).textContent,
    })),
  })));
}
const visibleBoards = async page => (await shownBoards(page)).filter(b => !b.hidden).map(b => b.id);

// axe-core in the page (the package's own file, injected: no network).
async function axeViolations(page, scope) {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map(v =>
      `${v.id} (${v.impact}): ${v.help}; ` + v.nodes.slice(0, 3).map(n => n.target.join(" ") + " " + (n.failureSummary || "").replace(/\s+/g, " ")).join(" | ")));
  assert.deepStrictEqual(violations, [], scope + ": axe-core violations:\n    " + violations.join("\n    "));
}

async function open(browser, options, hash) {
  const page = await browser.newPage(options);
  page.dialogs = []; page.pageErrors = []; page.requests = [];
  page.on("dialog", dialog => { page.dialogs.push(dialog.message()); dialog.dismiss(); });
  page.on("pageerror", error => page.pageErrors.push(String(error)));
  page.on("request", request => { if (!request.url().startsWith("file:")) page.requests.push(request.url()); });
  await page.goto(pageUrl + (hash || ""));
  await page.waitForSelector("body[data-rendered=true]", {timeout: 20000});
  return page;
}
const inViewport = (page, id) => page.evaluate(id => {
  const node = document.getElementById(id);
  const box = node && node.getBoundingClientRect();
  return !!box && !node.closest("[hidden]") && box.top >= -1 && box.top < window.innerHeight;
}, id);

(async () => {
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
                                         args: ["--no-sandbox", "--disable-gpu"]});
  const desktop = {viewport: {width: 1280, height: 900}, colorScheme: "light"};
  const phone = {viewport: {width: 390, height: 844}, colorScheme: "dark", isMobile: true, hasTouch: true, deviceScaleFactor: 2};
  const page = await open(browser, desktop);

  await check("the fixture covers two GPUs, two dtypes, a flagged entry and an empty device", async () => {
    assert.deepStrictEqual(data.devices, [A100, H100, L4, "Unknown GPU"]);
    assert.ok(!data.boards.some(b => b.device === L4), "the L4 has no board");
    const dtypes = new Set(data.boards.flatMap(b => b.entries.map(e => b.dtype || e.dtype)));
    assert.deepStrictEqual([...dtypes].sort(), ["float16", "float32"]);
    assert.ok(data.boards.some(b => b.entries.some(e => e.suspicious)));
  });

  await check("the rows shown are leaderboard.json's, board by board, in order", async () => {
    const shown = await shownBoards(page);
    assert.strictEqual(shown.length, data.boards.length);
    for (const b of data.boards) {
      const match = shown.find(s => s.id === boardId(b));
      assert.ok(match, "no section for " + b.problem + " on " + b.device);
      assert.deepStrictEqual(match.rows.map(r => r.record), b.entries.map(e => e.record));
      assert.deepStrictEqual(match.rows.map(r => r.author), b.entries.map(e => e.author));
      assert.deepStrictEqual(match.rows.map(r => r.title), b.entries.map(e => e.title));
      assert.deepStrictEqual(match.rows.map(r => r.rank), b.entries.map(e => e.rank === null ? "\u2014" : String(e.rank)));
      assert.deepStrictEqual(match.rows.map(r => r.runtime), b.entries.map(e => Number(e.geomean_ms).toPrecision(3)));
    }
    // A problem's float32 board, its default dtype's, comes before its float16 one.
    const order = shown.map(s => s.id);
    assert.ok(order.indexOf("h100/vector-add") >= 0 && order.indexOf("h100/vector-add") < order.indexOf("h100/vector-add/float16"),
              order.join(" "));
  });

  await check("each board, device, problem and author has a permanent anchor", async () => {
    const ids = (await shownBoards(page)).map(s => s.id).sort();
    assert.deepStrictEqual(ids, data.boards.map(boardId).sort());
    assert.ok(ids.includes("h100/vector-add") && ids.includes("a100/matmul"), ids.join(" "));
    for (const [hash, id] of [["#h100/matmul", "h100/matmul"], ["#a100/vector-add", "a100/vector-add"], ["#l4", "l4"]]) {
      const fresh = await open(browser, desktop, hash);
      assert.ok(await inViewport(fresh, id), hash + " does not bring " + id + " into view");
      await fresh.close();
    }
    // Following an anchor to a board the device selector hides shows it again.
    await page.selectOption("#device-select", A100);
    await page.evaluate(() => { location.hash = "#h100/vector-add"; });
    await page.waitForFunction(() => !document.getElementById("h100/vector-add").hidden);
    assert.ok(await inViewport(page, "h100/vector-add"));
    await page.evaluate(() => { location.hash = ""; });
  });

  await check("an entry shows per case median, minimum, spread, GB/s, GFLOP/s and the share of the bound", async () => {
    const b = board("vector-add", H100);
    const alice = b.entries.find(e => e.author === "alice");
    const row = `section[id="h100/vector-add"] tr[data-record="${alice.record}"]`;
    assert.strictEqual(await page.$eval(row + " details.cases", d => d.open), false, "case details start folded");
    await page.focus(row + " details.cases summary");
    await page.keyboard.press("Enter");
    const cells = await page.$$eval(row + " table.case-table tbody tr", rows => rows.map(r => Array.from(r.cells, c => c.textContent)));
    assert.strictEqual(cells.length, alice.cases.length);
    alice.cases.forEach((c, i) => {
      const [name, median, min, spread, gbps, gflops, ofBound] = cells[i];
      assert.strictEqual(name, c.name);
      assert.strictEqual(median, Number(c.median_ms).toPrecision(3));
      assert.strictEqual(min, Number(c.min_ms).toPrecision(3));
      assert.match(spread, /^\u00b1\d/);
      assert.strictEqual(gbps, (b.case_facts[i].min_bytes / (c.median_ms * 1e6)).toFixed(1));
      assert.strictEqual(gflops, Number(c.gflops).toFixed(1));
      const share = b.case_facts[i].min_bytes / (b.device_limits.bandwidth_gb_per_s * 1e9) * 1e3 / c.median_ms;
      assert.strictEqual(ofBound, (100 * share).toFixed(0) + "% memory");
    });
    // Vector addition is memory-bound; matrix multiplication compute-bound.
    assert.match(await page.textContent('section[id="h100/vector-add"] p.meta'), /memory-bound/);
    assert.match(await page.textContent('section[id="h100/matmul"] p.meta'), /compute-bound/);
    const chart = await page.getAttribute('section[id="h100/matmul"] svg.chart', "aria-label");
    assert.strictEqual(chart, "Share of the compute bound per entry");
  });

  await check("source links point at the judged commit; judge versions are short; dates have times", async () => {
    const b = board("vector-add", H100);
    const alice = b.entries.find(e => e.author === "alice");
    const carol = data.boards.find(x => x.problem === "vector-add" && x.device === H100 && x.dtype === "float16")
                      .entries.find(e => e.author === "carol");
    const link = r => page.getAttribute(`tr[data-record="${r.record}"] td.title a`, "href");
    assert.strictEqual(await link(alice), sourceBase.replace("/blob/main/", "/blob/" + alice.judge_version + "/") + alice.path);
    assert.strictEqual(await link(carol), sourceBase + carol.path, "a dirty tree links the branch's file");
    assert.strictEqual(await page.textContent(`tr[data-record="${alice.record}"] td.judge`), alice.judge_version.slice(0, 7));
    assert.strictEqual(await page.getAttribute(`tr[data-record="${alice.record}"] td.judge a`, "href"),
                       sourceBase.replace("/blob/main/", "/commit/" + alice.judge_version));
    assert.strictEqual(await page.textContent(`tr[data-record="${carol.record}"] td.judge`), "89abcde-dirty");
    const bob = board("vector-add", A100).entries.find(e => e.author === "bob");
    assert.strictEqual(await page.textContent(`tr[data-record="${bob.record}"] td.judge`), "binary 96006a1");
    assert.strictEqual(await page.textContent(`tr[data-record="${alice.record}"] td.date`), "2026-11-21 09:00 UTC");
    assert.match(await page.textContent(`tr[data-record="${carol.record}"] td.title`), /float16/);
  });

  await check("an author is shown as name (@account) where the record carries an account", async () => {
    const entries = data.boards.flatMap(b => b.entries);
    assert.deepStrictEqual([...new Set(entries.filter(e => e.account).map(e => e.author + " " + e.account))].sort(),
                           ["carol carol-h", "dave dave-gh"], "the fixture has entries with and without accounts");
    const shown = new Map(await page.$$eval("section.board tr.entry", rows => rows.map(r =>
        [r.getAttribute("data-record"), r.querySelector("td.author").textContent])));
    for (const e of entries) {
      assert.strictEqual(shown.get(e.record), e.author + (e.account ? " (@" + e.account + ")" : "") + (e.baseline ? " (baseline)" : ""));
    }
    const overall = await page.$$eval('section[id="h100"] table.overall-table td.author', cells => cells.map(c => c.textContent));
    assert.ok(overall.includes("dave (@dave-gh)") && overall.includes("alice"), overall.join(" | "));
  });

  await check("an entry judged with poisoned outputs says so; the others do not", async () => {
    const poisoned = data.boards.flatMap(b => b.entries).filter(e => e.output_fill === "poison");
    assert.deepStrictEqual(poisoned.map(e => e.author), ["bob"], "the fixture has one such entry");
    assert.strictEqual(board("vector-add", A100).entries.find(e => e.author === "bob").rank, 1, "ranked with the others");
    const tags = await page.$$eval("section.board tr.entry", rows => rows.map(r => [r.getAttribute("data-record"),
        (r.querySelector("td.title .fill") || {textContent: ""}).textContent]).filter(([, tag]) => tag));
    assert.deepStrictEqual(tags, [[poisoned[0].record, "outputs: poison"]]);
  });

  await check("the history chart draws every record and the best so far", async () => {
    const b = board("vector-add", H100);
    assert.ok(b.history.length >= 5, "the fixture has records over several days");
    let bests = 0, so_far = Infinity;
    for (const [, , ms] of b.history) if (ms < so_far) { so_far = ms; bests++; }
    assert.ok(bests >= 3 && bests < b.history.length, "the fixture has new bests and records that were not");
    // Each new best a circle with its tooltip and a step of the line; the others one path of dots.
    const chart = 'section[id="h100/vector-add"] svg.history';
    const titles = await page.$$eval(chart + " circle title", t => t.map(x => x.textContent));
    assert.strictEqual(titles.length, bests);
    assert.ok(titles.every(t => /^.+: \d.* ms, 2026-11-\d\d$/.test(t)), titles.join(" | "));
    const best = await page.getAttribute(chart + " path.best", "d");
    assert.strictEqual((best.match(/V/g) || []).length, bests - 1, best);
    const others = await page.getAttribute(chart + " path.others", "d");
    assert.strictEqual((others.match(/M/g) || []).length, b.history.length - bests, others);
  });

  await check("a flagged entry says why in one sentence, the details folded", async () => {
    const shown = await shownBoards(page);
    const mallory = shown.find(s => s.id === "h100/vector-add").rows.find(r => r.author === "mallory");
    assert.ok(mallory.suspicious);
    assert.strictEqual(mallory.flag, "suspicious");
    assert.strictEqual(mallory.rank, "\u2014");
    const entry = board("vector-add", H100).entries.find(e => e.author === "mallory");
    const reason = `tr[data-record="${entry.record}"] details.reason`;
    const summary = await page.textContent(reason + " summary");
    assert.strictEqual(summary.split(/[.!?](\s|$)/).filter(s => s && s.trim()).length, 1, summary);
    assert.strictEqual(await page.$eval(reason, d => d.open), false);
    assert.deepStrictEqual(await page.$$eval(reason + " li", items => items.map(i => i.textContent)), entry.flags);
    const unknown = await page.textContent('section[id="unknown-gpu/vector-add"] details.reason summary');
    assert.match(unknown, /lacks the device's properties/);
  });

  await check("headers sort with the keyboard and announce it in aria-sort", async () => {
    const table = 'section[id="h100/matmul"] table';
    const headers = await page.$$eval(table + " th", ths => ths.map(th => !!th.querySelector("button")));
    assert.ok(headers.length >= 10 && headers.every(Boolean), "every header holds a button");
    const authors = () => page.$$eval(table + " tr.entry td.author", cells => cells.map(c => c.getAttribute("data-sort")));
    const expected = board("matmul", H100).entries.map(e => e.author);
    // Tab from the header before it, as a keyboard user would.
    await page.focus(table + " th:nth-child(1) button");
    await page.keyboard.press("Tab");
    assert.strictEqual(await page.evaluate(() => document.activeElement.textContent), "author");
    await page.keyboard.press("Enter");
    assert.deepStrictEqual(await authors(), [...expected].sort((a, b) => a.localeCompare(b)));
    assert.strictEqual(await page.getAttribute(table + " th:nth-child(2)", "aria-sort"), "ascending");
    assert.strictEqual(await page.getAttribute(table + " th:nth-child(1)", "aria-sort"), null);
    await page.keyboard.press("Space");
    assert.deepStrictEqual(await authors(), [...expected].sort((a, b) => b.localeCompare(a)));
    assert.strictEqual(await page.getAttribute(table + " th:nth-child(2)", "aria-sort"), "descending");
    await page.focus(table + " th:nth-child(5) button");  // speedup, numeric
    await page.keyboard.press("Enter");
    const speedups = await page.$$eval(table + " tr.entry td.speedup", cells => cells.map(c => Number(c.getAttribute("data-sort"))));
    assert.deepStrictEqual(speedups, [...speedups].sort((a, b) => a - b));
    assert.notDeepStrictEqual(speedups, [...speedups].sort((a, b) => b - a));
  });

  await check("a long table shows its first rows; the button or sorting shows them all", async () => {
    const short = await browser.newPage(desktop);
    await short.goto(pageUrl + "?rows=2");
    await short.waitForSelector("body[data-rendered=true]");
    const vectorAdd = 'section[id="h100/vector-add"]', matmul = 'section[id="h100/matmul"]';
    const records = sel => short.$$eval(sel + " tr.entry", rows => rows.map(r => r.getAttribute("data-record")));
    const entries = board("vector-add", H100).entries;
    assert.deepStrictEqual(await records(vectorAdd), entries.slice(0, 2).map(e => e.record));
    assert.strictEqual(await short.textContent(vectorAdd + " button.show-all"), `Show all ${entries.length} rows`);
    await short.focus(vectorAdd + " th:nth-child(3) button");  // runtime: ascending, over every row
    await short.keyboard.press("Enter");
    const byRuntime = [...entries].sort((a, b) => a.geomean_ms - b.geomean_ms).map(e => e.record);
    assert.deepStrictEqual(await records(vectorAdd), byRuntime);
    assert.strictEqual(await short.$(vectorAdd + " button.show-all"), null);
    await short.click(matmul + " button.show-all");
    assert.deepStrictEqual(await records(matmul), board("matmul", H100).entries.map(e => e.record));
    await short.close();
  });

  await check("search finds problems, tags, authors and titles", async () => {
    await page.fill("#search", "linear-algebra");
    assert.deepStrictEqual((await visibleBoards(page)).sort(), ["a100/matmul", "h100/matmul"]);
    await page.fill("#search", "carol");      // her only entry is in float16, on a board of its own
    assert.deepStrictEqual(await visibleBoards(page), ["h100/vector-add/float16"]);
    assert.deepStrictEqual(await page.$$eval("#search-results a", a => a.map(x => x.getAttribute("href"))), ["#author/carol"]);
    await page.fill("#search", "grid stride");  // a submission's title
    assert.deepStrictEqual(await visibleBoards(page), ["h100/vector-add"]);
    await page.fill("#search", "softmax");      // a problem with no entries yet
    assert.deepStrictEqual(await visibleBoards(page), []);
    assert.match(await page.textContent("#search-status"), /0 board\(s\), 1 problem\(s\)/);
    await page.click('#search-results a[href="#problem/softmax"]');
    await page.waitForSelector("#problem-view:not([hidden])");
    assert.match(await page.textContent("#problem-view"), /No GPU entries for this problem yet/);
    assert.match(await page.textContent("#problem-view .howto pre"), /\/\/ author: .*\n\/\/ title: /);
    await page.fill("#search", "");
    assert.strictEqual((await visibleBoards(page)).length, data.boards.length);
  });

  await check("a problem's statement is one click from its board", async () => {
    await page.click('section[id="h100/vector-add"] p.meta a[href="#problem/vector-add"]');
    await page.waitForSelector("#problem-view:not([hidden])");
    assert.ok(await page.$eval("#overview", o => o.hidden));
    const statement = "#problem-view article.statement";
    assert.strictEqual(await page.textContent(statement + " h2"), "Vector Addition");
    assert.deepStrictEqual(await page.$$eval(statement + " h2", h => h.map(x => x.textContent)), ["Vector Addition", "Input", "Output"]);
    assert.strictEqual(await page.$$eval(statement + " table td", t => t.length), 2);
    assert.ok(await page.$$eval(statement + " x-equation", x => x.length) >= 2, "LaTeX kept as equations");
    // Raw HTML in a statement is text, and a javascript: link is no link.
    assert.strictEqual(await page.$$eval("script", scripts => scripts.length), 2);
    const hrefs = await page.$$eval(statement + " a", a => a.map(x => x.getAttribute("href")));
    assert.deepStrictEqual(hrefs, ["https://tensara.org/problems/vector-addition", "#"]);
    const boards = await page.$$eval("#problem-view li a", a => a.map(x => x.getAttribute("href")).sort());
    assert.deepStrictEqual(boards, ["#a100/vector-add", "#h100/vector-add", "#h100/vector-add/float16", "#unknown-gpu/vector-add"]);
    await page.click("#problem-view a.back");
    await page.waitForSelector("#overview:not([hidden])");
  });

  await check("an author's page lists their entries, ranks and history", async () => {
    await page.click('section[id="h100/vector-add"] td.author a[href="#author/bob"]');
    await page.waitForSelector("#author-view:not([hidden])");
    const rows = await page.$$eval("#author-view tr.author-entry", r => r.map(x => x.getAttribute("data-record")).sort());
    const expected = data.boards.flatMap(b => b.entries.filter(e => e.author === "bob").map(e => e.record)).sort();
    assert.deepStrictEqual(rows, expected);
    assert.match(await page.textContent("#author-view ul"), /NVIDIA H100 80GB HBM3: overall #\d+ of \d+/);
    const records = data.boards.flatMap(b => b.history.filter(h => h[1] === "bob")).length;
    assert.strictEqual(await page.$$eval("#author-view svg.history circle", c => c.length), records);
    // A malformed escape in the address is read as written, not an error.
    const malformed = await open(browser, desktop, "#author/100%");
    assert.strictEqual(await malformed.textContent("#author-heading"), "Entries by 100%");
    assert.deepStrictEqual(malformed.pageErrors, []);
    await malformed.close();
    // A hostile author's page is a page like the others.
    const hostile = await open(browser, desktop, "#author/" + encodeURIComponent("<script>alert(1)</script>"));
    assert.strictEqual(await hostile.textContent("#author-heading"), "Entries by <script>alert(1)</script>");
    assert.deepStrictEqual(hostile.dialogs, []);
    await hostile.close();
  });

  await check("an empty device and an empty board say how to submit", async () => {
    await page.evaluate(() => { location.hash = "#l4"; });
    const l4 = await page.textContent('section[id="l4"]');
    assert.match(l4, /No accepted entry on NVIDIA L4 yet/);
    assert.match(l4, /\/\/ author: Your Name/);
    const empty = await browser.newPage(desktop);
    await empty.goto("file://" + path.resolve(emptySite, "index.html"));
    await empty.waitForSelector("body[data-rendered=true]");
    const text = await empty.textContent("#boards");
    assert.match(text, /No GPU records yet/);
    assert.match(text, /\/\/ author: Your Name\n\/\/ title: .*\n\nbazel run \/\/judge -- --problem/);
    await axeViolations(empty, "empty board");
    await empty.close();
  });

  await check("a hostile author and title show as text and run nothing", async () => {
    const cells = await page.$$eval("td.author a", cells => cells.map(c => c.textContent));
    assert.ok(cells.includes("<script>alert(1)</script>"));
    const titles = await page.$$eval("td.title", cells => cells.map(c => c.textContent));
    assert.ok(titles.some(t => t.startsWith("<img src=x onerror=alert(2)>")));
    assert.strictEqual(await page.$$eval("img", images => images.length), 0);
    assert.strictEqual(await page.$$eval("script", scripts => scripts.length), 2);  // the template's own
    assert.deepStrictEqual(page.dialogs, []);
    assert.deepStrictEqual(page.pageErrors, []);
  });

  await check("the CPU-emulated section is labelled and separate", async () => {
    const rows = await page.$$eval("#cpu-emulated tr.cpu-entry", rows => rows.map(r => r.getAttribute("data-record")));
    assert.deepStrictEqual(rows, data.cpu_emulated.map(r => r.record));
    assert.ok((await page.textContent("#cpu-emulated h2")).includes("never ranked"));
  });

  await check("axe-core finds no violation, in light and in dark mode, in every view", async () => {
    await page.evaluate(() => { location.hash = ""; });
    // Open every fold, so what they hold is checked too.
    await page.$$eval("details", all => all.forEach(d => { d.open = true; d.dispatchEvent(new Event("toggle")); }));
    for (const scheme of ["light", "dark"]) {
      await page.emulateMedia({colorScheme: scheme});
      await axeViolations(page, scheme + " overview");
      for (const hash of ["#problem/vector-add", "#author/alice"]) {
        await page.evaluate(h => { location.hash = h; }, hash);
        await page.waitForFunction(() => document.getElementById("overview").hidden);
        await axeViolations(page, scheme + " " + hash);
        await page.evaluate(() => { location.hash = ""; });
      }
    }
    await page.emulateMedia({colorScheme: "light"});
  });

  await check("dark mode follows the system", async () => {
    const background = async scheme => {
      await page.emulateMedia({colorScheme: scheme});
      return page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    };
    assert.strictEqual(await background("light"), "rgb(255, 255, 255)");
    assert.strictEqual(await background("dark"), "rgb(13, 17, 23)");
    await page.emulateMedia({colorScheme: "light"});
  });

  await check("nothing was fetched from the network", async () => {
    assert.deepStrictEqual(page.requests, []);
  });

  const fresh = await open(browser, desktop);  // as a visitor first sees it, not as the checks left it
  await fresh.screenshot({path: path.join(outputs, "leaderboard-desktop.png"), fullPage: true});
  await fresh.close();

  const small = await open(browser, phone);
  await check("at 390 px nothing overflows the page; tables scroll inside themselves", async () => {
    for (const hash of ["", "#problem/vector-add", "#author/alice", "#h100/vector-add"]) {
      await small.evaluate(h => { location.hash = h; }, hash);
      await small.waitForTimeout(50);
      const width = await small.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 390, `page is ${width} px wide at ${hash || "the overview"}`);
    }
    const scrolls = await small.$$eval('section[id="h100/vector-add"] .scroll', boxes => boxes.map(b => b.scrollWidth > b.clientWidth));
    assert.deepStrictEqual(scrolls, [true], "the wide table scrolls inside its box");
    await small.evaluate(() => { location.hash = ""; });
    await axeViolations(small, "phone, dark");
    assert.deepStrictEqual(small.pageErrors, []);
    assert.deepStrictEqual(small.requests, []);
  });
  await small.evaluate(() => { location.hash = "#h100/vector-add"; });
  await small.screenshot({path: path.join(outputs, "leaderboard-phone.png"), fullPage: false});
  await small.evaluate(() => { location.hash = ""; window.scrollTo(0, 0); });
  await small.screenshot({path: path.join(outputs, "leaderboard-phone-full.png"), fullPage: true});

  console.log("screenshots: " + ["leaderboard-desktop.png", "leaderboard-phone.png", "leaderboard-phone-full.png"]
      .map(name => path.join(outputs, name)).join(" "));
  await browser.close();
  console.log(failures ? failures + " check(s) failed" : "all checks passed");
  process.exit(failures ? 1 : 0);
})().catch(error => {
  console.log("FAIL: " + (error.stack || error));
  process.exit(1);
});
