import { describe, expect, it } from "vitest";
import { MINJUN, SEOYEON, won } from "./helpers-money";
import { pdfPageCount, pdfTexts } from "./pdf-text";
import { browserSuite } from "./stack";

describe("receipt: printed from Chromium to PDF", () => {
  const suite = browserSuite();

  it("prints a gift's receipt on one A4 page with its amount and transaction hash", async () => {
    const s = suite.stack();
    const t = await s.loginUser(MINJUN.phone, MINJUN.password);
    const look = await s.call("POST", "/api/info/user", { token: t, body: { phonenumber: SEOYEON.phone } });
    const gift = await s.call("POST", "/api/gift/trade/address", {
      token: t,
      body: { opponentAddress: look.data.address, kind: 0, type: 1, value: 12_300, password: MINJUN.password },
    });
    expect(gift.data.status).toBe("confirmed");
    const hash = gift.data.txHash as string;
    await s.waitIndexed();

    const page = await suite.memberPage(MINJUN);
    await page.goto(`${s.url}/info/history?tab=3`);
    await page.getByTestId("history-receipt").first().click();
    await page.waitForURL(/\/info\/receipt\/move\/\d+$/);
    await expect.poll(() => page.getByTestId("receipt-hash").textContent()).toBe(hash);
    expect(await page.getByTestId("receipt-total").textContent()).toBe(won(12_500));
    expect(await page.getByTestId("receipt-fee").textContent()).toBe(won(200));
    expect(await page.getByTestId("receipt-counterpart").textContent()).toBe("이*연");
    await expect.poll(() => page.getByTestId("receipt-block").textContent()).toMatch(/^#\d+$/);
    await page.getByTestId("receipt-qr").waitFor();

    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    expect(pdfPageCount(pdf)).toBe(1);
    // A4 from @page: 595 × 842 points. (Amounts and the hash are set in the monospace font, whose glyph map the
    // extractor reads.)
    const box = /\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/.exec(pdf.toString("latin1"));
    expect(box, "a MediaBox").not.toBeNull();
    expect(Math.round(Number(box![3]))).toBe(595);
    expect(Math.abs(Number(box![4]) - 842)).toBeLessThan(1.5);
    const texts = pdfTexts(pdf);
    expect(texts.some((x) => x.includes(hash))).toBe(true);
    expect(texts.some((x) => x.includes("12,500"))).toBe(true);
    expect(texts.join("")).not.toContain(SEOYEON.name);
  }, 90_000);
});
