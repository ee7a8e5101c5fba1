import express, { type Router } from "express";
import type { SimulatedBank } from "./simulated";
import { formatDateTime, formatWon } from "../../../domain/format";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The simulated bank's page for people (/sim-bank): every virtual account it opened, each with a deposit form whose
 * amount and depositor name a tester may change (a wrong amount, another name, a second deposit, a closed
 * account). Plain HTML forms, no script (the app's CSP holds). Exists only with the simulated provider.
 */
export function simulatedBankRoutes(bank: SimulatedBank): Router {
  const r = express.Router();
  r.use("/sim-bank", express.urlencoded({ extended: false, limit: "4kb" }));

  r.get("/sim-bank", (req, res) => {
    const done = typeof req.query.done === "string" ? req.query.done : "";
    const rows = bank.virtualAccounts();
    const list = rows.length
      ? rows
          .map(
            (a) => `<li class="va" data-account="${esc(a.accountNumber)}">
  <p><b>${esc(a.bankName)} ${esc(a.accountNumber)}</b> · 예금주 ${esc(a.holderName)} · 주문 ${esc(a.orderNo)}
  · ${formatWon(a.amount)}원 · 마감 ${esc(formatDateTime(a.expiresAt))}${a.closed ? " · <em>닫힘</em>" : ""}</p>
  <form method="post" action="/sim-bank/deposit">
    <input type="hidden" name="accountNumber" value="${esc(a.accountNumber)}" />
    <label>입금액 <input name="amount" inputmode="numeric" value="${a.amount}" /></label>
    <label>입금자명 <input name="depositorName" value="${esc(a.customerName)}" placeholder="입금자명" /></label>
    <button type="submit">입금하기</button>
  </form>
</li>`,
          )
          .join("\n")
      : "<li>아직 발급된 가상계좌가 없습니다. 상품권 구매에서 가상계좌 입금을 신청해 보세요.</li>";
    res.setHeader("Cache-Control", "no-store");
    res.type("text/html; charset=utf-8").send(`<!doctype html>
<html lang="ko"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<title>모의 은행</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:1rem auto;padding:0 1rem;line-height:1.5}
li{margin:0 0 1rem;padding:.75rem;border:1px solid #ccc;border-radius:.5rem;list-style:none}ul{padding:0}
label{display:inline-block;margin-right:.5rem}input{padding:.3rem;font-size:1rem;max-width:10rem}
button{padding:.35rem .9rem;font-size:1rem}.done{background:#e6f4ea;padding:.5rem;border-radius:.4rem}</style></head>
<body><main>
<h1>모의 은행</h1>
<p>개발·시험용 은행입니다. 가상계좌에 입금하면 은행이 서명된 입금 통지를 서비스에 보냅니다. 금액이나 입금자명을 바꿔 보거나,
같은 계좌에 두 번 입금해 보거나, 마감 후에 입금해 볼 수 있습니다.</p>
${done ? `<p class="done" role="status">${esc(done)}</p>` : ""}
<h2>가상계좌</h2>
<ul>${list}</ul>
<h2>다른 계좌로 입금</h2>
<form method="post" action="/sim-bank/deposit">
  <label>계좌번호 <input name="accountNumber" inputmode="numeric" /></label>
  <label>입금액 <input name="amount" inputmode="numeric" /></label>
  <label>입금자명 <input name="depositorName" /></label>
  <button type="submit">입금하기</button>
</form>
</main></body></html>`);
  });

  r.post("/sim-bank/deposit", async (req, res) => {
    const b = req.body as Record<string, string | undefined>;
    const amount = Number(String(b.amount ?? "").replace(/[,\s원]/g, ""));
    const accountNumber = String(b.accountNumber ?? "").replace(/\D/g, "");
    if (!accountNumber || !Number.isSafeInteger(amount) || amount < 1) {
      res.redirect(303, `/sim-bank?done=${encodeURIComponent("계좌번호와 1원 이상의 금액을 입력해 주세요.")}`);
      return;
    }
    await bank.deposit({
      accountNumber,
      amount,
      depositorName: String(b.depositorName ?? "")
        .trim()
        .slice(0, 30),
    });
    res.redirect(303, `/sim-bank?done=${encodeURIComponent(`${accountNumber} 계좌에 ${formatWon(amount)}원을 입금했습니다.`)}`);
  });
  return r;
}
