/** Korean messages of money coming in through the bank (issue 51), spread into Msg (domain/messages.ts). */
export const MoneyInMsg = {
  linkConsentRequired: "출금이체에 동의해 주세요.",
  bankUnavailable: "은행 연결이 원활하지 않습니다. 잠시 후 다시 시도해 주세요.",
  debitFailed: "계좌에서 출금하지 못했습니다.",
  chargePending: "은행의 출금 결과를 기다리고 있습니다. 결과는 알림과 이용 내역에서 확인할 수 있습니다.",
  noLinkedAccount: "연결된 계좌가 없습니다. 마이페이지에서 본인 명의 계좌를 먼저 연결해 주세요.",
  linkedAccountExists: "이미 연결된 계좌가 있습니다. 다른 계좌를 연결하려면 먼저 연결을 해제해 주세요.",
  depositNotWaiting: "확인이 필요한 입금만 처리할 수 있습니다.",
  statementEmpty: "거래내역에서 입금 건을 찾지 못했습니다. 파일 형식(거래일시, 적요, 입금액, 출금액, 잔액, 입금자명)을 확인해 주세요.",
  statementUnreadable: "거래내역 파일을 읽을 수 없습니다. CSV 또는 xlsx 파일인지 확인해 주세요.",
} as const;
