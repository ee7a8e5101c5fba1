/* Simulated identity provider popup: submit the form, then post the result code to the opener (same origin only). */
(() => {
  var root = document.getElementById("verify");
  var key = root.getAttribute("data-key") || "";
  var INVALID = 3;

  function finish(code) {
    var message = { type: "krw-verify", key: key, code: code };
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(message, location.origin);
      window.close();
    }
    var done = document.getElementById("verify-done");
    if (done) {
      done.textContent =
        code === 0 || code === 1417
          ? "본인인증이 완료되었습니다. 이 창을 닫아 주세요."
          : "본인인증을 완료하지 못했습니다. 이 창을 닫고 다시 시도해 주세요.";
      done.hidden = false;
    }
  }

  var close = document.getElementById("verify-close");
  if (close)
    close.addEventListener("click", () => {
      finish(INVALID);
    });

  var form = document.getElementById("verify-form");
  if (!form) return;
  var error = document.getElementById("verify-error");
  var submit = document.getElementById("verify-submit");
  var digits = (v) => String(v || "").replace(/\D/g, "");

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    error.hidden = true;
    submit.disabled = true;
    var body = {
      key: key,
      name: form.elements.name.value.trim(),
      birth: digits(form.elements.birth.value),
      phone: digits(form.elements.phone.value),
      carrier: form.elements.carrier.value,
    };
    fetch("/api/verify/submit", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
      .then((res) => res.json())
      .then((env) => {
        if (env.code === 200) {
          form.hidden = true;
          finish(env.data.code);
          return;
        }
        error.textContent = env.message || "잠시 후 다시 시도해 주세요.";
        error.hidden = false;
        submit.disabled = false;
      })
      .catch(() => {
        error.textContent = "일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.";
        error.hidden = false;
        submit.disabled = false;
      });
  });
})();
