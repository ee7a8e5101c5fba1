import type { ReactNode } from "react";
import { Tabs } from "@chakra-ui/react";

/**
 * A list's state tabs (전체, 대기, 완료 …): one trigger per state and the open tab's panel holding the list (its trigger's
 * aria-controls names it, so assistive technology finds the rows the tab chose). Picking a tab sets the list's filter.
 */
export function StateTabs<V extends string>(props: {
  value: V;
  tabs: readonly { value: V; label: ReactNode }[];
  onChange: (value: V) => void;
  /** Each trigger's test id is `${testId}-${value}`. */
  testId: string;
  /** Renders the panel as its child element (no wrapper). */
  asChild?: boolean;
  children: ReactNode;
}) {
  return (
    <Tabs.Root value={props.value} onValueChange={(e) => props.onChange(e.value as V)} size="sm" variant="line">
      <Tabs.List>
        {props.tabs.map((t) => (
          <Tabs.Trigger key={t.value} value={t.value} data-testid={`${props.testId}-${t.value}`}>
            {t.label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={props.value} asChild={props.asChild}>
        {props.children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
