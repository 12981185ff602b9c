// usage: node pa11y-pages.js CONFIG.json
// WCAG 2 AA checks of several pages in one Chromium (pa11y 8.0.0 from tests/tools/a11y, the axe
// and HTML_CodeSniffer runners, as ../shared/tools/a11y.sh runs them; one
// browser for all pages instead of one a page: 1 s a page, not 5). Pages
// after `login` are seen logged in (the form filled as a person would); a
// page made by a POST (the editor's conflict page) is reached by its form:
// `submit` names a field whose value is changed before the form is sent, as
// a stale copy would.
// CONFIG: {"chrome": PATH, "args": [...], "login": {"url", "user", "password"},
//          "pages": [{"name", "url", "submit": {"field", "value"}}, "login", ...]}
// (the string "login" in the pages: log in there, between two pages)
// Prints one JSON object: {name: [{runner, code, message, selector}], ...}; exit 0.
const fs = require('fs');
const pa11y = require('pa11y');
const puppeteer = require('puppeteer');

async function log_in(browser, login) {
  const tab = await browser.newPage();
  await tab.goto(login.url, {waitUntil: 'load', timeout: 30000});
  await tab.type('input[name="user"]', login.user);
  await tab.type('input[name="password"]', login.password);
  await Promise.all([tab.waitForNavigation({waitUntil: 'load', timeout: 30000}), tab.keyboard.press('Enter')]);
  if (new URL(tab.url()).pathname === new URL(login.url).pathname) throw new Error('login refused: still at ' + tab.url());
  await tab.close();
}

async function open(browser, page) {
  const tab = await browser.newPage();
  await tab.goto(page.url, {waitUntil: 'load', timeout: 30000});
  if (page.submit) {
    await Promise.all([
      tab.waitForNavigation({waitUntil: 'load', timeout: 30000}),
      tab.evaluate((s) => {
        const input = document.querySelector(`input[name="${s.field}"]`);
        input.value = s.value;
        input.form.requestSubmit(input.form.querySelector('button[name="save"]'));
      }, page.submit),
    ]);
  }
  return tab;
}

(async () => {
  const config = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const browser = await puppeteer.launch({executablePath: config.chrome, headless: true, args: config.args});
  const found = {};
  try {
    for (const page of config.pages) {
      if (page === 'login') {
        await log_in(browser, config.login);
        continue;
      }
      const tab = await open(browser, page);
      // One runner at a time: pa11y runs its runners side by side, and axe's
      // colour-contrast check then saw HTML_CodeSniffer's work on the page
      // (contrast failures of buttons that axe alone, and the eye, pass).
      found[page.name] = [];
      for (const runner of ['axe', 'htmlcs']) {
        const result = await pa11y(page.url, {browser, page: tab, ignoreUrl: true, runners: [runner], standard: 'WCAG2AA',
                                              timeout: 30000});
        found[page.name].push(...result.issues.map((i) => ({runner: i.runner, type: i.type, code: i.code, message: i.message,
                                                            selector: i.selector, context: (i.context || '').slice(0, 160)})));
      }
      await tab.close();
    }
  } finally {
    await browser.close();
  }
  process.stdout.write(JSON.stringify(found));
})().catch((e) => { console.error(e.stack || String(e)); process.exit(1); });
