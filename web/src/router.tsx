import { createBrowserRouter } from "react-router";
import { AppLayout } from "./components/layout/AppLayout";
import { RequireAnonymous, RequireLogin, RequireParam } from "./components/guards";
import LoginPage from "./pages/auth/LoginPage";
import PasswordPage from "./pages/auth/PasswordPage";
import SignupPage from "./pages/auth/SignupPage";
import BuyPage from "./pages/buy/BuyPage";
import FaqPage from "./pages/cs/FaqPage";
import EventPage from "./pages/cs/EventPage";
import InquiryPage from "./pages/cs/InquiryPage";
import NotifyPage from "./pages/cs/NotifyPage";
import HomePage from "./pages/HomePage";
import AddressBookPage from "./pages/info/AddressBookPage";
import DetailPage from "./pages/info/DetailPage";
import HistoryPage from "./pages/info/HistoryPage";
import MobileAddressPage from "./pages/MobileAddressPage";
import NotFoundPage from "./pages/NotFoundPage";
import PolicyPage from "./pages/policy/PolicyPage";
import ResultPage from "./pages/ResultPage";
import SendPage from "./pages/send/SendPage";
import { PolicyId } from "@domain/constants";

const login = (el: React.ReactNode) => <RequireLogin>{el}</RequireLogin>;

/** Every route of spec §2. */
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: "/", element: <HomePage /> },
      { path: "/login", element: <RequireAnonymous><LoginPage /></RequireAnonymous> },
      { path: "/signup", element: <RequireAnonymous><SignupPage /></RequireAnonymous> },
      { path: "/buy", element: login(<BuyPage />) },
      { path: "/send/use", element: login(<SendPage key="use" tab="use" />) },
      { path: "/send/gift", element: login(<SendPage key="gift" tab="gift" />) },
      { path: "/info/detail", element: login(<DetailPage />) },
      { path: "/info/history", element: login(<HistoryPage />) },
      { path: "/info/address", element: login(<AddressBookPage />) },
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
      { path: "/password", element: <RequireParam name="key_info"><PasswordPage /></RequireParam> },
      { path: "/result", element: <RequireParam name="type"><ResultPage /></RequireParam> },
      { path: "/mobile_address", element: <MobileAddressPage /> },
    ],
  },
]);
