import type { VerifyPurpose } from "./verification.service";
import { Msg } from "../../../domain/messages";
import { CARRIERS } from "../../../domain/schemas/members";

const TITLE: Record<VerifyPurpose, string> = {
  signup: "회원가입 본인인증",
  reauth: "비밀번호 재설정 본인인증",
};

/**
 * The simulated provider's popup page. Self-contained (its CSS and JS are served beside it) and free
 * of inline script, so the app's CSP (script-src 'self') holds. `key` is already checked against
 * KEY_PATTERN, so it needs no escaping; nothing else user-supplied is rendered.
 */
export function verifyPage(opts: { key: string; purpose: VerifyPurpose } | null): string {
  const body = opts
    ? `<main class="card" id="verify" data-key="${opts.key}" data-state="ready">
  <h1>${TITLE[opts.purpose]}</h1>
  <p class="note">KRW Voucher 이용을 위해 휴대폰 본인확인을 진행합니다. 이 화면은 개발·시험용 <b>모의 본인인증</b>입니다.</p>
  <form id="verify-form" novalidate>
    <label for="verify-name">이름</label>
    <input id="verify-name" name="name" autocomplete="name" maxlength="30" placeholder="홍길동" />
    <label for="verify-birth">생년월일</label>
    <input id="verify-birth" name="birth" inputmode="numeric" maxlength="10" placeholder="YYYYMMDD" />
    <label for="verify-carrier">통신사</label>
    <select id="verify-carrier" name="carrier">
      ${CARRIERS.map((c) => `<option value="${c}">${c}</option>`).join("\n      ")}
    </select>
    <label for="verify-phone">휴대폰 번호</label>
    <input id="verify-phone" name="phone" inputmode="numeric" maxlength="13" placeholder="01012345678" />
    <p id="verify-error" class="error" role="alert" hidden></p>
    <button id="verify-submit" type="submit">인증하기</button>
  </form>
  <p id="verify-done" class="done" role="status" hidden></p>
</main>`
    : `<main class="card" id="verify" data-key="" data-state="invalid">
  <h1>본인인증</h1>
  <p class="error" role="alert">${Msg.verifyInvalid} ${Msg.verifyExpired}</p>
  <button id="verify-close" type="button">닫기</button>
</main>`;
  return `<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>본인인증 - KRW Voucher</title>
<link rel="stylesheet" href="/verify/assets/verify.css" />
</head>
<body>
${body}
<script src="/verify/assets/verify.js"></script>
</body>
</html>
`;
}
