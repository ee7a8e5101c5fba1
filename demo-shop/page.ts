import { CATALOG, type DemoOrder } from "./catalog";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const won = (n: number) => `${n.toLocaleString("ko-KR")}원`;

const STATE_LABEL: Record<DemoOrder["state"], string> = {
  pending: "결제 대기",
  paid: "결제 완료",
  partially_cancelled: "부분 취소",
  cancelled: "취소",
  expired: "만료",
};

const frame = (title: string, body: string) => `<!doctype html>
<html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · KRW 데모 상점</title>
<style>
body{font-family:system-ui,"Noto Sans KR",sans-serif;margin:0;background:#f6f7f9;color:#1a1a1a}
header{background:#1f3a5f;color:#fff;padding:14px 20px}header a{color:#fff;text-decoration:none;font-weight:700}
main{max-width:720px;margin:0 auto;padding:20px}
.card{background:#fff;border:1px solid #dde1e6;border-radius:10px;padding:16px;margin-bottom:16px}
.row{display:flex;justify-content:space-between;align-items:center;gap:12px;padding:8px 0;border-bottom:1px solid #eef0f3}
.row:last-child{border-bottom:0}
button,.btn{font:inherit;border:0;border-radius:8px;background:#2563eb;color:#fff;padding:10px 16px;cursor:pointer;text-decoration:none;display:inline-block}
button.secondary{background:#e5e7eb;color:#111}button:disabled{opacity:.5;cursor:default}
input{font:inherit;padding:8px;border:1px solid #c5cad1;border-radius:6px;width:100%;box-sizing:border-box}
label{display:block;margin:8px 0 4px;font-size:.9em}
.muted{color:#5b6470;font-size:.9em}.err{color:#b91c1c}.badge{display:inline-block;padding:2px 10px;border-radius:999px;background:#e0e7ff}
.qr{text-align:center}.total{font-weight:700;font-size:1.1em}
</style></head>
<body><header><a href="/demo-shop">KRW 데모 상점</a></header><main>${body}</main>
<script src="/demo-shop/shop.js"></script></body></html>`;

/** The catalog and the cart. */
export function shopPage(ready: boolean): string {
  const items = CATALOG.map(
    (c) => `<div class="row"><span>${esc(c.name)} <span class="muted">${won(c.price)}</span></span>
<button type="button" data-add="${c.sku}" data-testid="demo-add-${c.sku}" aria-label="${esc(c.name)} 담기">담기</button></div>`,
  ).join("");
  return frame(
    "상품",
    `<h1>상품</h1>
${ready ? "" : '<p class="err" role="alert">데모 가맹점이 아직 준비되지 않았습니다. 잠시 후 새로 고침해 주세요.</p>'}
<section class="card" aria-label="상품 목록">${items}</section>
<section class="card" aria-label="장바구니"><h2>장바구니</h2><div id="cart" data-testid="demo-cart"><p class="muted">장바구니가 비어 있습니다.</p></div>
<p class="total">합계 <span id="total" data-testid="demo-total">0원</span></p>
<button type="button" id="checkout" data-testid="demo-checkout" disabled>KRW Voucher로 결제</button>
<p id="error" class="err" role="alert"></p></section>
<p class="muted">이 상점은 KRW Voucher의 공개 결제 API만 사용하는 데모입니다. 결제가 되었는지는 서명된 웹훅으로 알게 됩니다.</p>`,
  );
}

/** One order: its payment (QR and link while unpaid), its state from the webhooks, and a (partial) cancel form. */
export function orderPage(o: DemoOrder | null, qrSvg: string): string {
  if (!o) return frame("주문 없음", '<p class="err">주문을 찾을 수 없습니다. <a href="/demo-shop">상점으로</a></p>');
  const lines = o.lines
    .map((l) => `<div class="row"><span>${esc(l.name)} × ${l.qty}</span><span>${won(l.price * l.qty)}</span></div>`)
    .join("");
  return frame(
    `주문 ${o.orderId}`,
    `<h1>주문 <span data-testid="demo-order-id">${esc(o.orderId)}</span></h1>
<div class="card" data-order="${esc(o.orderId)}">${lines}<div class="row total"><span>결제 금액</span><span data-testid="demo-order-amount">${won(o.amount)}</span></div>
<p>상태: <span class="badge" id="state" data-testid="demo-order-state">${STATE_LABEL[o.state]}</span></p>
<p class="muted">취소된 금액 <span id="cancelled" data-testid="demo-order-cancelled">${won(o.cancelled)}</span> · 받은 웹훅 <span id="events" data-testid="demo-order-events">${o.events.length}</span>건</p></div>
<section class="card qr" id="pay" ${o.state === "pending" ? "" : "hidden"}><h2>결제하기</h2>
<div data-testid="demo-qr">${qrSvg}</div>
<p class="muted">휴대폰의 KRW Voucher 앱에서 <b>QR 결제</b>로 스캔하거나 아래 버튼을 누르세요.</p>
<a class="btn" href="${esc(o.checkoutUrl)}" data-testid="demo-pay-link">KRW Voucher로 결제</a></section>
<section class="card" id="cancel" ${o.state === "paid" || o.state === "partially_cancelled" ? "" : "hidden"}><h2>주문 취소·부분 환불</h2>
<form id="cancel-form"><label for="cancel-amount">취소 금액 (원, 비우면 남은 금액 전부)</label><input id="cancel-amount" inputmode="numeric" data-testid="demo-cancel-amount">
<label for="cancel-reason">사유</label><input id="cancel-reason" value="고객 요청" data-testid="demo-cancel-reason">
<p><button type="submit" data-testid="demo-cancel">취소하기</button></p><p id="cancel-result" role="status" data-testid="demo-cancel-result"></p></form></section>
<p><a href="/demo-shop">계속 쇼핑하기</a></p>`,
  );
}

/** The pages' script (served as a file: the service's content security policy allows no inline script). */
export const SHOP_JS = `(() => {
  const won = (n) => n.toLocaleString("ko-KR") + "원";
  const LABEL = ${JSON.stringify(STATE_LABEL)};
  const PRICES = ${JSON.stringify(Object.fromEntries(CATALOG.map((c) => [c.sku, { name: c.name, price: c.price }])))};
  const checkout = document.getElementById("checkout");
  if (checkout) {
    const cart = {};
    const draw = () => {
      const el = document.getElementById("cart");
      const skus = Object.keys(cart);
      el.innerHTML = skus.length === 0 ? '<p class="muted">장바구니가 비어 있습니다.</p>' : "";
      let total = 0;
      for (const sku of skus) {
        const p = PRICES[sku]; total += p.price * cart[sku];
        const row = document.createElement("div"); row.className = "row";
        row.textContent = p.name + " × " + cart[sku] + " · " + won(p.price * cart[sku]);
        const rm = document.createElement("button"); rm.type = "button"; rm.className = "secondary"; rm.textContent = "빼기";
        rm.setAttribute("aria-label", p.name + " 빼기");
        rm.onclick = () => { cart[sku] -= 1; if (cart[sku] <= 0) delete cart[sku]; draw(); };
        row.appendChild(rm); el.appendChild(row);
      }
      document.getElementById("total").textContent = won(total);
      checkout.disabled = skus.length === 0;
    };
    document.querySelectorAll("[data-add]").forEach((b) => b.addEventListener("click", () => { const s = b.dataset.add; cart[s] = (cart[s] || 0) + 1; draw(); }));
    checkout.addEventListener("click", async () => {
      checkout.disabled = true; document.getElementById("error").textContent = "";
      try {
        const res = await fetch("/demo-shop/api/orders", { method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ items: Object.keys(cart).map((sku) => ({ sku, qty: cart[sku] })) }) });
        const out = await res.json();
        if (!res.ok) throw new Error(out.message || "결제 요청을 만들지 못했습니다.");
        location.href = "/demo-shop/orders/" + encodeURIComponent(out.orderId);
      } catch (e) { document.getElementById("error").textContent = e.message; checkout.disabled = false; }
    });
  }
  const card = document.querySelector("[data-order]");
  if (card) {
    const id = card.dataset.order;
    const refresh = async () => {
      const res = await fetch("/demo-shop/api/orders/" + encodeURIComponent(id)); if (!res.ok) return;
      const o = await res.json();
      document.getElementById("state").textContent = LABEL[o.state];
      document.getElementById("cancelled").textContent = won(o.cancelled);
      document.getElementById("events").textContent = String(o.events.length);
      document.getElementById("pay").hidden = o.state !== "pending";
      document.getElementById("cancel").hidden = !(o.state === "paid" || o.state === "partially_cancelled");
    };
    setInterval(refresh, 1000);
    document.getElementById("cancel-form").addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const out = document.getElementById("cancel-result"); out.textContent = "처리 중…";
      const res = await fetch("/demo-shop/api/orders/" + encodeURIComponent(id) + "/cancel", { method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ amount: document.getElementById("cancel-amount").value.replace(/[^0-9]/g, ""), reason: document.getElementById("cancel-reason").value }) });
      const r = await res.json();
      out.textContent = res.ok ? won(r.cancelledAmount) + " 취소 완료 · 남은 금액 " + won(r.remainingAmount) : r.message;
      refresh();
    });
  }
})();
`;
