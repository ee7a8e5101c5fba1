import { Button, Menu, Portal } from "@chakra-ui/react";
import { L } from "../../labels";
import { choosableColumns, type ChoosableColumn } from "./columns";
import type { ColumnChoice } from "./useColumnChoice";

/** "표시 항목": a checkbox per column the operator may hide or show; the last one shown stays. */
export function ColumnMenu({
  columns,
  choice,
  testId,
}: {
  columns: readonly (ChoosableColumn & { header: string })[];
  choice: ColumnChoice;
  testId: string;
}) {
  const shown = new Set(choice.keys);
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline" data-testid={testId}>
          {L.list.columns}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content data-testid={`${testId}-menu`}>
            {choosableColumns(columns).map((c) => (
              <Menu.CheckboxItem
                key={c.key}
                value={c.key}
                checked={shown.has(c.key)}
                disabled={shown.has(c.key) && shown.size === 1}
                onCheckedChange={() => choice.toggle(c.key)}
                data-testid={`${testId}-${c.key}`}
              >
                {c.header}
                <Menu.ItemIndicator />
              </Menu.CheckboxItem>
            ))}
            <Menu.Separator />
            <Menu.Item value="reset" disabled={!choice.chosen} onClick={() => choice.set(undefined)} data-testid={`${testId}-reset`}>
              {L.list.columnsReset}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
