import { lazy } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { AppLayout } from "./components/layout/AppLayout";
import { RequireAnonymous, RequireLogin, RequireParam } from "./components/guards";
const LoginPage = lazy(() => import("./pages/auth/LoginPage"));
const PasswordPage = lazy(() => import("./pages/auth/PasswordPage"));
const SignupPage = lazy(() => import("./pages/auth/SignupPage"));
const BuyPage = lazy(() => import("./pages/buy/BuyPage"));
const FaqPage = lazy(() => import("./pages/cs/FaqPage"));
const EventPage = lazy(() => import("./pages/cs/EventPage"));
const InquiryPage = lazy(() => import("./pages/cs/InquiryPage"));
const NotifyPage = lazy(() => import("./pages/cs/NotifyPage"));
import HomePage from "./pages/HomePage";
const FavoritesPage = lazy(() => import("./pages/favorites/FavoritesPage"));
const MyInfoPage = lazy(() => import("./pages/my-info/MyInfoPage"));
const HistoryPage = lazy(() => import("./pages/history/HistoryPage"));
const RefundPage = lazy(() => import("./pages/refund/RefundPage"));
const ClosePage = lazy(() => import("./pages/close/ClosePage"));
const MobileAddressPage = lazy(() => import("./pages/MobileAddressPage"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage"));
const PolicyPage = lazy(() => import("./pages/policy/PolicyPage"));
const ResultPage = lazy(() => import("./pages/ResultPage"));
const GiftPage = lazy(() => import("./pages/gifts/GiftPage"));
const NotificationsPage = lazy(() => import("./pages/notifications/NotificationsPage"));
const ReceiptPage = lazy(() => import("./pages/receipt/ReceiptPage"));
const VerifyTxPage = lazy(() => import("./pages/verify/VerifyTxPage"));
const VerifyProofPage = lazy(() => import("./pages/verify/VerifyProofPage"));
const CheckoutPage = lazy(() => import("./pages/pay/CheckoutPage"));
const ScanPage = lazy(() => import("./pages/pay/ScanPage"));
const TransparencyPage = lazy(() => import("./pages/transparency/TransparencyPage"));
const ChangesPage = lazy(() => import("./pages/changes/ChangesPage"));
const ChangePage = lazy(() => import("./pages/changes/ChangePage"));
import { PolicyId } from "@domain/constants";

// Every page but the landing page is its own chunk, loaded when first visited (AppLayout suspends).
const login = (el: React.ReactNode) => <RequireLogin>{el}</RequireLogin>;

/** Every route of spec §2 (also rendered at build time for "/": web/src/prerender.tsx). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: "/", element: <HomePage /> },
      {
        path: "/login",
        element: (
          <RequireAnonymous>
            <LoginPage />
          </RequireAnonymous>
        ),
      },
      {
        path: "/signup",
        element: (
          <RequireAnonymous>
            <SignupPage />
          </RequireAnonymous>
        ),
      },
      { path: "/buy", element: login(<BuyPage />) },
      { path: "/send/use", element: login(<GiftPage key="use" tab="use" />) },
      { path: "/send/gift", element: login(<GiftPage key="gift" tab="gift" />) },
      { path: "/pay/:paymentId", element: login(<CheckoutPage />) },
      { path: "/scan", element: login(<ScanPage />) },
      { path: "/info/detail", element: login(<MyInfoPage />) },
      { path: "/info/history", element: login(<HistoryPage />) },
      { path: "/info/refund", element: login(<RefundPage />) },
      { path: "/info/close", element: login(<ClosePage />) },
      { path: "/info/address", element: login(<FavoritesPage />) },
      { path: "/info/notifications", element: login(<NotificationsPage />) },
      { path: "/info/receipt/:type/:id", element: login(<ReceiptPage />) },
      { path: "/verify/tx/:hash", element: <VerifyTxPage /> },
      { path: "/verify-proof", element: <VerifyProofPage /> },
      { path: "/transparency", element: <TransparencyPage /> },
      { path: "/changes", element: <ChangesPage /> },
      { path: "/changes/:changeId", element: <ChangePage /> },
      { path: "/cs/notify", element: <NotifyPage /> },
      { path: "/cs/faq", element: <FaqPage /> },
      { path: "/cs/event", element: <EventPage /> },
      { path: "/cs/inquiry", element: login(<InquiryPage />) },
      { path: "/policy/clause", element: <PolicyPage id={PolicyId.TERMS} /> },
      { path: "/policy/personal", element: <PolicyPage id={PolicyId.PRIVACY} /> },
      { path: "/policy/giftcard", element: <PolicyPage id={PolicyId.VOUCHER} /> },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  {
    element: <AppLayout minimal />,
    children: [
      {
        path: "/password",
        element: (
          <RequireParam name="key_info">
            <PasswordPage />
          </RequireParam>
        ),
      },
      {
        path: "/result",
        element: (
          <RequireParam name="type">
            <ResultPage />
          </RequireParam>
        ),
      },
      { path: "/mobile_address", element: <MobileAddressPage /> },
    ],
  },
];

/** Created on first use: the build-time render (no window) imports `routes` only. */
export const createRouter = () => createBrowserRouter(routes);
