import { useParams } from "react-router";
import { routeTypes } from "../../auth/routes";
import { NotFoundPage } from "./NotFoundPage";
import { PlaceholderPage } from "./PlaceholderPage";

/** sale/:type, board/:type …: a known type gets its titled placeholder, any other is not found. */
export function TypedPlaceholderPage({ routePath }: { routePath: string }) {
  const { type = "" } = useParams();
  const title = routeTypes[routePath]?.[type];
  if (!title) return <NotFoundPage inLayout />;
  return <PlaceholderPage title={title} />;
}
