// Loads the leaderboard page built from the fixture records in headless
// Chromium (Debian's, driven by playwright-core) and checks what a visitor
// sees: the rows are leaderboard.json's, a header click re-sorts, the device
// selector filters, hostile text shows as text and runs nothing, nothing is
// fetched from the network. Saves a full-page screenshot.
//
//   node page_browser_test.js SITE_DIR SCREENSHOT_PNG
"use strict";
const assert = require("assert");
const fs = require("fs");
const path = require("path");
const { chromium } = require("playwright-core");

const [site, screenshot] = process.argv.slice(2);
const data = JSON.parse(fs.readFileSync(path.join(site, "leaderboard.json"), "utf8"));
const H100 = "NVIDIA H100 80GB HBM3";
const A100 = "NVIDIA A100-SXM4-40GB";

let failures = 0;
async function check(name, body) {
  try {
    await body();
    console.log("ok: " + name);
  } catch (error) {
    failures++;
    console.log("FAIL: " + name + "\n  " + String(error.stack || error).split("\n").slice(0, 6).join("\n  "));
  }
}

// The rows of every board as the page shows them.
function shownBoards(page) {
  return page.$$eval("section.board", sections => sections.map(section => ({
    problem: section.getAttribute("data-problem"),
    device: section.getAttribute("data-device"),
    hidden: section.hidden,
    rows: Array.from(section.querySelectorAll("tr.entry")).map(row => ({
      record: row.getAttribute("data-record"),
      rank: row.querySelector("td.rank").textContent,
      author: row.querySelector("td.author").firstChild.textContent,
      title: row.querySelector("td.title").textContent,
      runtime: row.querySelector("td.runtime").textContent,
      suspicious: row.classList.contains("suspicious"),
      flag: (row.querySelector(".flag") || {textContent: ""}).textContent,
    })),
  })));
}

function boardSelector(problem, device) {
  return `section.board[data-problem="${problem}"][data-device="${device}"]`;
}

(async () => {
  const browser = await chromium.launch({executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
                                         args: ["--no-sandbox", "--disable-gpu"]});
  const page = await browser.newPage({viewport: {width: 1280, height: 900}});
  const dialogs = [], pageErrors = [], requests = [];
  page.on("dialog", dialog => { dialogs.push(dialog.message()); dialog.dismiss(); });
  page.on("pageerror", error => pageErrors.push(String(error)));
  page.on("request", request => { if (!request.url().startsWith("file:")) requests.push(request.url()); });
  await page.goto("file://" + path.resolve(site, "index.html"));
  await page.waitForSelector("body[data-rendered=true]", {timeout: 10000});

  await check("the rows shown are leaderboard.json's, board by board, in order", async () => {
    const shown = await shownBoards(page);
    assert.strictEqual(shown.length, data.boards.length);
    assert.ok(data.boards.length >= 4, "the fixture has boards on several devices");
    for (const board of data.boards) {
      const match = shown.find(s => s.problem === board.problem && s.device === board.device);
      assert.ok(match, "no section for " + board.problem + " on " + board.device);
      assert.deepStrictEqual(match.rows.map(r => r.record), board.entries.map(e => e.record));
      assert.deepStrictEqual(match.rows.map(r => r.author), board.entries.map(e => e.author));
      assert.deepStrictEqual(match.rows.map(r => r.title), board.entries.map(e => e.title));
      assert.deepStrictEqual(match.rows.map(r => r.rank), board.entries.map(e => e.rank === null ? "\u2014" : String(e.rank)));
      assert.deepStrictEqual(match.rows.map(r => r.runtime), board.entries.map(e => Number(e.geomean_ms).toPrecision(3)));
    }
  });

  await check("a suspicious record is flagged and unranked", async () => {
    const shown = await shownBoards(page);
    const board = shown.find(s => s.problem === "vector-add" && s.device === H100);
    const mallory = board.rows.find(r => r.author === "mallory");
    assert.ok(mallory.suspicious);
    assert.strictEqual(mallory.flag, "suspicious");
    assert.strictEqual(mallory.rank, "\u2014");
  });

  await check("clicking a header sorts by it, a second click reverses", async () => {
    const table = boardSelector("matmul", H100) + " table";
    const authors = () => page.$$eval(table + " tr.entry td.author", cells => cells.map(c => c.firstChild.textContent));
    const expected = data.boards.find(b => b.problem === "matmul" && b.device === H100).entries.map(e => e.author);
    await page.click(table + " th:nth-child(2)");  // author
    assert.deepStrictEqual(await authors(), [...expected].sort((a, b) => a.localeCompare(b)));
    await page.click(table + " th:nth-child(2)");
    assert.deepStrictEqual(await authors(), [...expected].sort((a, b) => b.localeCompare(a)));
    await page.click(table + " th:nth-child(6)");  // speedup, numeric
    const speedups = await page.$$eval(table + " tr.entry td.speedup", cells => cells.map(c => Number(c.getAttribute("data-sort"))));
    assert.deepStrictEqual(speedups, [...speedups].sort((a, b) => a - b));
    assert.notDeepStrictEqual(speedups, [...speedups].sort((a, b) => b - a));
  });

  await check("the device selector shows only that device's boards", async () => {
    await page.selectOption("#device-select", A100);
    const shown = await shownBoards(page);
    const visible = shown.filter(s => !s.hidden);
    assert.strictEqual(visible.length, data.boards.filter(b => b.device === A100).length);
    assert.ok(visible.every(s => s.device === A100));
    assert.ok(shown.some(s => s.hidden && s.device === H100));
    await page.selectOption("#device-select", "");
    assert.ok((await shownBoards(page)).every(s => !s.hidden));
  });

  await check("a hostile author and title show as text and run nothing", async () => {
    const cells = await page.$$eval("td.author", cells => cells.map(c => c.firstChild.textContent));
    assert.ok(cells.includes("<script>alert(1)</script>"));
    const titles = await page.$$eval("td.title", cells => cells.map(c => c.textContent));
    assert.ok(titles.some(t => t.startsWith("<img src=x onerror=alert(2)>")));
    assert.strictEqual(await page.$$eval("img", images => images.length), 0);
    assert.strictEqual(await page.$$eval("script", scripts => scripts.length), 2);  // the template's own
    assert.deepStrictEqual(dialogs, []);
    assert.deepStrictEqual(pageErrors, []);
  });

  await check("the CPU-emulated section is labelled and separate", async () => {
    const rows = await page.$$eval("#cpu-emulated tr.cpu-entry", rows => rows.map(r => r.getAttribute("data-record")));
    assert.deepStrictEqual(rows, data.cpu_emulated.map(r => r.record));
    const label = await page.textContent("#cpu-emulated h2");
    assert.ok(label.includes("never ranked"), label);
  });

  await check("nothing was fetched from the network", async () => {
    assert.deepStrictEqual(requests, []);
  });

  await page.screenshot({path: screenshot, fullPage: true});
  console.log("screenshot: " + screenshot);
  await browser.close();
  console.log(failures ? failures + " check(s) failed" : "all checks passed");
  process.exit(failures ? 1 : 0);
})().catch(error => {
  console.log("FAIL: " + (error.stack || error));
  process.exit(1);
});
