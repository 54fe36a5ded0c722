/**
 * The spec rendered as one HTML page with an anchor per clause (id="section-4.2"), written next to
 * the Allure report so every check's § link opens its clause without leaving the machine.
 */
import { SPEC_HEADING } from "./spec-clauses.ts";

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const inline = (s: string) =>
  escape(s)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(/\*\*([^*]+)\*\*/g, "<b>$1</b>");

function table(rows: string[]): string {
  const cells = (row: string) =>
    row
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((c) => inline(c.trim()));
  const [head, , ...body] = rows;
  const th = cells(head!)
    .map((c) => `<th>${c}</th>`)
    .join("");
  const trs = body
    .map(
      (r) =>
        `<tr>${cells(r)
          .map((c) => `<td>${c}</td>`)
          .join("")}</tr>`,
    )
    .join("\n");
  return `<table><thead><tr>${th}</tr></thead><tbody>\n${trs}\n</tbody></table>`;
}

export function renderSpecHtml(markdown: string): string {
  const out: string[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = SPEC_HEADING.exec(line);
    if (heading) {
      const level = heading[1]!.length;
      const id = heading[2] ? ` id="section-${heading[2]}"` : "";
      out.push(`<h${level}${id}>${heading[2] ? `§${heading[2]} ` : ""}${inline(heading[3]!)}</h${level}>`);
    } else if (line.startsWith("|")) {
      const rows: string[] = [];
      while (i < lines.length && lines[i]!.startsWith("|")) rows.push(lines[i++]!);
      i--;
      out.push(table(rows));
    } else if (/^(\d+\.|-) /.test(line)) {
      out.push(`<p class="item">${inline(line)}</p>`);
    } else if (line.trim()) {
      out.push(`<p>${inline(line)}</p>`);
    }
  }
  return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Payment Platform Interface Specification</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.2rem .5rem;text-align:left}:target{background:#fff3b0}</style>
</head><body>\n${out.join("\n")}\n</body></html>\n`;
}
