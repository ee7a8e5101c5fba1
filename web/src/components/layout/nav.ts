import { L } from "../../labels";

export interface NavGroup {
  label: string;
  to: string;
  testId: string;
  children?: { label: string; to: string; testId: string }[];
}

/** The header menu of spec §2. */
export const NAV: NavGroup[] = [
  { label: L.nav.buy, to: "/buy", testId: "nav-buy" },
  {
    label: L.nav.send,
    to: "/send/use",
    testId: "nav-send",
    children: [
      { label: L.nav.use, to: "/send/use", testId: "nav-send-use" },
      { label: L.nav.gift, to: "/send/gift", testId: "nav-send-gift" },
      { label: L.nav.scan, to: "/scan", testId: "nav-send-scan" },
    ],
  },
  {
    label: L.nav.myPage,
    to: "/info/detail",
    testId: "nav-mypage",
    children: [
      { label: L.nav.myInfo, to: "/info/detail", testId: "nav-info-detail" },
      { label: L.nav.history, to: "/info/history", testId: "nav-info-history" },
      { label: L.nav.addressBook, to: "/info/address", testId: "nav-info-address" },
    ],
  },
  {
    label: L.nav.cs,
    to: "/cs/notify",
    testId: "nav-cs",
    children: [
      { label: L.nav.notice, to: "/cs/notify", testId: "nav-cs-notify" },
      { label: L.nav.inquiry, to: "/cs/inquiry", testId: "nav-cs-inquiry" },
      { label: L.nav.faq, to: "/cs/faq", testId: "nav-cs-faq" },
      { label: L.nav.event, to: "/cs/event", testId: "nav-cs-event" },
    ],
  },
];
