/**
 * Build-time render of a route to HTML (loaded by scripts/vite-prerender.ts through Vite's SSR loader after
 * the client build): the same providers and routes as main.tsx, a static router at `url`, an empty query
 * cache and no session (the browser hydrates this markup, then reads its session and data). Emotion, with
 * no document, puts each component's CSS in a <style data-emotion> before it; scripts/vite-prerender.ts takes
 * them out and keeps, in <head>, the rules this markup uses. The client inserts its own sheet when it starts.
 */
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { AppShell, createQueryClient } from "./AppShell";
import { routes } from "./router";

export async function render(url: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, "http://localhost")));
  if (context instanceof Response) throw new Error(`prerender ${url}: the router answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppShell client={createQueryClient()}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppShell>,
  );
}
