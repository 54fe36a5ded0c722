/**
 * Every text a reader could get out of a reports folder: each file as UTF-8, each entry of a zip
 * file, and every base64 payload decoded (the single-file Allure report inlines its data and
 * attachments as base64, where a plain-text scan would see nothing).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { listFiles } from "../../lib/reporting/certify/manifest.ts";
import { readZip } from "../../lib/reporting/certify/zip.ts";

export interface FileText {
  file: string;
  text: string;
}

/** Runs of base64 long enough to hold a card number, inside quotes or after "base64,". */
const BASE64 = /(?<=base64,|["'])[A-Za-z0-9+/]{24,}={0,2}(?=["'])/g;

function decodedPayloads(text: string): string[] {
  return [...text.matchAll(BASE64)].map(([b64]) => Buffer.from(b64, "base64").toString("utf8"));
}

function textsOf(file: string, data: Buffer): FileText[] {
  if (file.endsWith(".zip")) return [...readZip(data)].flatMap(([name, entry]) => textsOf(`${file}!${name}`, entry));
  const text = data.toString("utf8");
  return [
    { file, text },
    ...decodedPayloads(text).map((decoded, i) => ({ file: `${file}#base64-${i}`, text: decoded })),
  ];
}

export function folderTexts(dir: string): FileText[] {
  return listFiles(dir).flatMap((file) => textsOf(file, readFileSync(join(dir, file))));
}
