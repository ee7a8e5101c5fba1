/**
 * The import rules of docs/architecture.md ("Layers", "Features stand alone") as `npm run lint` enforces them: the
 * project's own .dependency-cruiser.cjs run over a small tree planted in a temp folder, so each rule is shown to
 * refuse the edge it names (and to let tests and the composition files through).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { cruise, type IViolation } from "dependency-cruiser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const config = createRequire(__filename)("../.dependency-cruiser.cjs") as { forbidden: unknown[] };

const planted: Record<string, string> = {
  "server/features/gifts/gifts.service.ts": `import { refundOf } from "../refunds/refunds.repo";\nexport const gift = refundOf;\n`,
  "server/features/refunds/refunds.repo.ts": `export const refundOf = 1;\n`,
  "server/features/refunds/refunds.service.ts": `import { refundOf } from "./refunds.repo";\nexport const quote = refundOf;\n`,
  "server/features/refunds/refunds.test.ts": `import { gift } from "../gifts/gifts.service";\nexport const t = gift;\n`,
  "server/features/index.ts": `export { gift } from "./gifts/gifts.service";\nexport { quote } from "./refunds/refunds.service";\n`,
  "server/money/outbox.ts": `import { quote } from "../features/refunds/refunds.service";\nexport const o = quote;\n`,
  "server/records/members.repo.ts": `import type { gift } from "../features/gifts/gifts.service";\nexport type M = typeof gift;\n`,
  "server/stack.ts": `import { gift } from "./features";\nexport const s = gift;\n`,
};

let root: string;
let violations: IViolation[];

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "layering-"));
  for (const [file, text] of Object.entries(planted)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  const result = await cruise(["server"], {
    baseDir: root,
    validate: true,
    ruleSet: { forbidden: config.forbidden } as never,
    tsPreCompilationDeps: true,
    outputType: "json",
  });
  const output = typeof result.output === "string" ? JSON.parse(result.output) : result.output;
  violations = output.summary.violations;
});

afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const edges = (rule: string) => violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} → ${v.to}`);

describe("import rules (.dependency-cruiser.cjs)", () => {
  it("refuses a file of one feature importing a file of another", () => {
    expect(edges("feature-stands-alone")).toEqual(["server/features/gifts/gifts.service.ts → server/features/refunds/refunds.repo.ts"]);
  });

  it("refuses a lower layer importing a feature, type-only imports included", () => {
    expect(edges("lower-layers-import-no-feature").sort()).toEqual([
      "server/money/outbox.ts → server/features/refunds/refunds.service.ts",
      "server/records/members.repo.ts → server/features/gifts/gifts.service.ts",
    ]);
  });

  it("lets a feature's own files, its tests and the composition files through", () => {
    const from = new Set(violations.map((v) => v.from));
    for (const allowed of [
      "server/features/refunds/refunds.service.ts",
      "server/features/refunds/refunds.test.ts",
      "server/features/index.ts",
      "server/stack.ts",
    ])
      expect(from.has(allowed), allowed).toBe(false);
  });
});
