import fs from 'node:fs';
import { Page } from 'playwright-core';

/** How wide the page is against the window it is shown in. */
export async function pageWidth(page: Page) {
  return page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
}

/** The font family the body text renders with. */
export async function bodyFont(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.body).fontFamily);
}

/** One axe-core violation, as much of it as a failure message needs. */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  targets: string[];
}

/**
 * What axe-core checks: a selector, or the whole document but the elements
 * `exclude` selects.
 */
export type AxeContext = string | { exclude: string[][] };

/**
 * Runs axe-core (from node_modules) in the page, over `selector` or the
 * whole document, and answers its serious and critical violations.
 */
export async function seriousAxeViolations(
  page: Page,
  selector?: AxeContext,
): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) {
    // evaluated, not a script tag: the portal's CSP forbids inline scripts
    await page.evaluate(
      fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'),
    );
  }
  const violations = await page.evaluate(async context => {
    const axe = (window as any).axe;
    const result = await axe.run(context ?? document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n: any) => n.target.join(' ')),
    }));
  }, selector);
  return (violations as AxeViolation[]).filter(
    v => v.impact === 'serious' || v.impact === 'critical',
  );
}

/** A table that is wider than the box it scrolls in. */
export interface ScrollingTable {
  /** The table's caption or accessible name, or its first header cells. */
  table: string;
  tableWidth: number;
  boxWidth: number;
}

/**
 * The tables that scroll sideways inside their card: a table whose nearest
 * ancestor that clips or scrolls horizontally is narrower than it, so some
 * columns sit behind an inner scrollbar.
 */
export async function tablesScrollingInTheirCard(
  page: Page,
): Promise<ScrollingTable[]> {
  return page.evaluate(() => {
    const found: Array<{
      table: string;
      tableWidth: number;
      boxWidth: number;
    }> = [];
    for (const table of Array.from(document.querySelectorAll('table'))) {
      const width = table.getBoundingClientRect().width;
      if (width === 0) continue;
      let box = table.parentElement;
      while (box && box !== document.body) {
        const overflow = getComputedStyle(box).overflowX;
        if (overflow !== 'visible') break;
        box = box.parentElement;
      }
      if (!box || box === document.body) continue;
      if (box.scrollWidth > box.clientWidth + 1) {
        const name =
          table.getAttribute('aria-label') ??
          table.querySelector('caption')?.textContent ??
          Array.from(table.querySelectorAll('th'))
            .slice(0, 3)
            .map(th => th.textContent?.trim())
            .join(' | ');
        found.push({
          table: name ?? 'a table',
          tableWidth: Math.round(width),
          boxWidth: box.clientWidth,
        });
      }
    }
    return found;
  });
}

/** A header cell whose text breaks inside a word. */
export interface HeaderBrokenInWord {
  header: string;
  word: string;
}

/**
 * The table header cells (th, and ARIA column headers) that wrap inside a
 * word: a word of the header whose letters sit on more than one line.
 * Headers wrap at words only (a hyphenated name or a URL may wrap after a
 * hyphen, slash or dot).
 */
export async function headersBrokenInsideWords(
  page: Page,
  /** Which cells to check: the table headers unless said. */
  cellSelector = 'th, [role="columnheader"]',
): Promise<HeaderBrokenInWord[]> {
  return page.evaluate(selector => {
    const found: Array<{ header: string; word: string }> = [];
    const cells = document.querySelectorAll(selector);
    for (const cell of Array.from(cells)) {
      if (cell.getBoundingClientRect().width === 0) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // a word ends at a space, or after a hyphen, slash or dot (where
        // browsers may wrap a name or a URL)
        for (const match of Array.from(text.matchAll(/[^\s\-/.]+[-/.]?/g))) {
          const range = document.createRange();
          range.setStart(node, match.index ?? 0);
          range.setEnd(node, (match.index ?? 0) + match[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter(r => r.width > 0)
              .map(r => Math.round(r.top)),
          );
          if (lines.size > 1) {
            found.push({
              header: cell.textContent?.trim() ?? '',
              word: match[0],
            });
          }
        }
      }
    }
    return found;
  }, cellSelector);
}
