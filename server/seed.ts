import type { AppContext } from "./context";
import { insertOperatorRow } from "./records/operators.repo";
import { insertBankAccount } from "./features/deposit-accounts/deposit-accounts.repo";
import { savePolicy } from "./features/policies/policies.repo";
import { insertBoard } from "./features/boards/boards.repo";
import type { BoardType } from "./db/schema";
import { hashPassword } from "./auth/passwords";
import { createMember } from "./features/members/members.service";
import { callToken } from "./money/chain-calls";
import { ADMIN_FLAGS, OperatorPermission } from "../domain/constants";

/** The demo logins that a first start seeds (README and `npm start` print them). */
export const DEMO = {
  admin: { id: "admin", password: "admin1234" },
  /** A second super admin: dual control needs another operator to approve what `admin` proposes. */
  admin2: { id: "admin2", password: "admin1234" },
  shopAdmin: { id: "shop01", password: "shop1234" },
  members: [
    { phonenumber: "01011112222", password: "111111", username: "김민준", balance: 50_000, permission: "user" as const },
    { phonenumber: "01033334444", password: "222222", username: "이서연", balance: 20_000, permission: "user" as const },
    { phonenumber: "01055556666", password: "333333", username: "KRW 마켓 1호점", balance: 0, permission: "exchanger" as const },
  ],
  treasuryMint: 100_000_000,
};

const POLICIES: Record<number, string> = {
  1: "<h2>이용약관</h2><p>제1조(목적) 이 약관은 KRW Voucher(이하 '회사')가 제공하는 상품권 서비스의 이용 조건과 절차를 정합니다.</p><p>제2조(정의) '상품권'이란 회사가 발행하는 1토큰 = 1원의 선불 전자 상품권을 말합니다.</p>",
  2: "<h2>개인정보처리방침</h2><p>회사는 본인확인, 상품권 구매·선물·사용 처리를 위하여 이름, 생년월일, 휴대폰 번호를 수집합니다.</p><p>수집한 정보는 관련 법령이 정한 기간 동안 보관 후 파기합니다.</p>",
  3: "<h2>상품권 이용약관</h2><p>상품권은 입금 확인 후 발행되며, 선물·마켓 사용 시 건당 200원의 수수료가 부과됩니다.</p><p>입금하지 않은 구매 신청은 24시간 후 자동 취소됩니다.</p>",
};

/** Seeds the demo: operators, members with wallets, a main bank account, policies, boards, and balances on-chain. */
export async function seedDemo(ctx: AppContext, waitIndexed: (block?: number) => Promise<void>): Promise<void> {
  const allFlags = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true]));
  const members: Awaited<ReturnType<typeof createMember>>[] = [];
  for (const m of DEMO.members) members.push(await createMember(ctx, m));
  const shop = members[2];
  await insertOperatorRow(ctx.db, {
    login_id: DEMO.admin.id,
    password_hash: await hashPassword(DEMO.admin.password),
    permission: OperatorPermission.SUPER,
    flags: allFlags,
    member_id: null,
  });
  await insertOperatorRow(ctx.db, {
    login_id: DEMO.admin2.id,
    password_hash: await hashPassword(DEMO.admin2.password),
    permission: OperatorPermission.SUPER,
    flags: allFlags,
    member_id: null,
  });
  await insertOperatorRow(ctx.db, {
    login_id: DEMO.shopAdmin.id,
    password_hash: await hashPassword(DEMO.shopAdmin.password),
    permission: OperatorPermission.EXCHANGER,
    flags: { isExchange3: true, isExchange5: true },
    member_id: shop.id,
  });
  await insertBankAccount(ctx.db, {
    bank_name: "국민은행",
    bank_account: "123456-01-234567",
    owner_name: "(주)케이알더블유바우처",
    nickname: "대표 입금 계좌",
    is_main: 1,
  });
  for (const [id, content] of Object.entries(POLICIES)) await savePolicy(ctx.db, Number(id), content);
  const boards: [BoardType, string, string][] = [
    [
      "notice",
      "KRW Voucher 서비스 오픈 안내",
      "<p>KRW Voucher 상품권 서비스가 오픈했습니다. 구매, 선물, 마켓 사용을 지금 이용해 보세요.</p>",
    ],
    ["notice", "선물·사용 수수료 안내", "<p>상품권 선물과 마켓 사용 시 건당 <b>200원</b>의 수수료가 부과됩니다.</p>"],
    ["notice", "시스템 점검 안내", "<p>매주 일요일 새벽 2시~3시 정기 점검이 진행됩니다.</p>"],
    ["faq", "상품권은 어떻게 구매하나요?", "<p>구매 메뉴에서 금액을 입력하고 안내된 계좌로 본인 명의로 입금하시면 확인 후 발행됩니다.</p>"],
    ["faq", "입금하지 않으면 어떻게 되나요?", "<p>구매 신청 후 24시간 안에 입금하지 않으면 자동으로 취소됩니다.</p>"],
    ["faq", "한 달에 얼마까지 구매할 수 있나요?", "<p>회원 1인당 매월 1,000,000원까지 구매할 수 있습니다.</p>"],
  ];
  for (const [type, title, content] of boards) await insertBoard(ctx.db, { type, title, content, state: "1" });

  // Balances: mint to the treasury, then transfer from it, as the real service does.
  const treasury = (await ctx.custody.byKind("treasury"))!;
  const minted = await callToken(ctx, "mint", [treasury.address, BigInt(DEMO.treasuryMint)]);
  if (minted.status !== "confirmed") throw new Error(`demo mint failed: ${minted.error}`);
  await waitIndexed(minted.block_number!);
  const ids = await ctx.db.transaction().execute(async (trx) => {
    const made: number[] = [];
    for (const [i, m] of members.entries()) {
      const value = DEMO.members[i].balance;
      if (value > 0)
        made.push(
          (await ctx.outbox.enqueue(trx, { kind: "seed", from: treasury.address, to: m.address, value, counterpartyMemberId: m.id })).id,
        );
    }
    return made;
  });
  ctx.relayer.kick();
  for (const id of ids) {
    const row = await ctx.relayer.waitFor(id, 60_000);
    if (row.status !== "confirmed") throw new Error(`demo transfer ${id} did not confirm: ${row.status} ${row.error ?? ""}`);
  }
  await waitIndexed();
  ctx.log.info("demo data seeded");
}
