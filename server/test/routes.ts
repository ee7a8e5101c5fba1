import type express from "express";

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle?: { stack?: Layer[] };
}

/** Every "METHOD /path" an Express app mounts whose route passes `keep`, found by walking its router. */
export function mountedRoutes(app: express.Express, keep: (route: NonNullable<Layer["route"]>) => boolean = () => true): string[] {
  const out: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        if (keep(layer.route)) for (const m of Object.keys(layer.route.methods)) out.push(`${m.toUpperCase()} ${layer.route.path}`);
      } else if (layer.handle?.stack) walk(layer.handle.stack);
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return out.sort();
}
