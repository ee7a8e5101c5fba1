import { buildIfNeeded } from "./build-if-needed";
import { startStack } from "../server/stack";
import { DEMO } from "../server/seed";

/** `npm start`: build what is missing, then run the whole service until Ctrl-C. */
async function main() {
  buildIfNeeded();
  const stack = await startStack();
  const { url } = stack;
  const lines = [
    "",
    `KRW Voucher is running`,
    `  사용자 앱   ${url}/`,
    `  운영자 앱   ${url}/admin`,
    `  API 상태    ${url}/api/health`,
    "",
  ];
  if (stack.ctx.config.seedDemo) {
    lines.push(
      "Demo logins (seeded on first start; SEED_DEMO=false skips):",
      `  operator (super admin)   ${DEMO.admin.id} / ${DEMO.admin.password}`,
      `  operator (shop, perm 3)  ${DEMO.shopAdmin.id} / ${DEMO.shopAdmin.password}`,
      ...DEMO.members.map((m) => `  member ${m.phonenumber} / ${m.password}  ${m.username}${m.permission === "exchanger" ? " (shop owner, market address)" : ""}`),
      "",
    );
  }
  console.log(lines.join("\n"));
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log("stopping…");
    await stack.stop();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
