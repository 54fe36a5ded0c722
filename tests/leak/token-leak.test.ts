/**
 * The leak scan for fetched tokens: a run whose token comes from a token endpoint (client secret
 * a canary), through a target that quotes the bare token back in a field whose name says nothing
 * secret — so only the redactor's knowledge of the fetched token, learnt at run time in every
 * worker, can keep it out. After the run, the report and the pack, no file under REPORTS_DIR and
 * no console output holds the client secret or any token the endpoint issued.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { SANDBOX_TOKEN_CLIENT } from "../../lib/test-data/published.ts";
import { runCli, tempReportsDir } from "../support/cli.ts";
import { withSandbox } from "../support/harness.ts";
import { startCountingProxy, type ProxiedAnswer } from "../support/targets.ts";
import { CANARY, scanForCanaries } from "./canaries.ts";
import { folderTexts, type FileText } from "./texts.ts";

const CLIENT = { id: "canary-client-id", secret: CANARY.clientSecret };

/** Every answer but the token endpoint's gets the bearer token it was sent with, bare, as `seen`. */
function quoteToken(answer: ProxiedAnswer, request: { headers: Record<string, string> }): ProxiedAnswer {
  if (/x-www-form-urlencoded/.test(request.headers["content-type"] ?? "")) return answer;
  const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? "")?.[1];
  if (!token) return answer;
  try {
    return { ...answer, text: JSON.stringify({ ...JSON.parse(answer.text), seen: token }) };
  } catch {
    return answer;
  }
}

describe("fetched tokens and the client secret never reach a report or the console", () => {
  const dir = tempReportsDir();
  let texts: FileText[] = [];
  let issued: string[] = [];
  beforeAll(async () => {
    await withSandbox({ tokenTtlMs: 5_000, tokenClient: CLIENT }, async (sandbox) => {
      const target = await startCountingProxy(sandbox.url, { rewrite: quoteToken });
      try {
        const env = {
          TARGET_BASE_URL: target.url,
          PARTNER_TOKEN_URL: target.url + SANDBOX_TOKEN_CLIENT.tokenPath,
          PARTNER_CLIENT_ID: CLIENT.id,
          PARTNER_CLIENT_SECRET: CLIENT.secret,
          PARTNER_TOKEN_AUTH: "post",
          REPORTS_DIR: dir,
          SEED: "17",
        };
        for (const [script, args] of [
          ["conformance.ts", ["--quiet"]],
          ["report.ts", []],
          ["certify.ts", []],
        ] as const) {
          const { code, stdout, stderr } = await runCli(script, [...args], env);
          expect(code, `${script}: ${stderr}`).not.toBe(2);
          texts.push({ file: `console of ${script}`, text: stdout + stderr });
        }
      } finally {
        await target.close();
      }
      issued = [...sandbox.tokens.tokens];
    });
    texts = [...texts, ...folderTexts(dir)];
  }, 240_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("tokens were issued and quoted back, and the evidence shows them replaced", () => {
    expect(issued.length).toBeGreaterThan(0);
    const evidence = texts.filter((t) => t.file.startsWith("allure-results/")).map((t) => t.text);
    expect(evidence.join("\n")).toMatch(/\\?"seen\\?":\s*\\?"<PARTNER_ACCESS_TOKEN>/);
  });

  test("no issued token anywhere", () => {
    const hits = texts.flatMap((t) => issued.filter((token) => t.text.includes(token)).map(() => t.file));
    expect(hits).toEqual([]);
  });

  test("no client secret anywhere", () => {
    expect(scanForCanaries(texts).filter((h) => h.canary === "clientSecret")).toEqual([]);
  });
});
