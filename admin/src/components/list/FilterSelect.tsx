import { NativeSelect } from "@chakra-ui/react";
import { L } from "../../labels";

/** A list filter box: "all" plus the options; the choice lives in the URL like every list filter. */
export function FilterSelect(props: {
  value: string | undefined;
  options: [string, string][];
  onChange: (value: string | undefined) => void;
  /** What the box filters by, its accessible name (a select needs one: WCAG 4.1.2). */
  label: string;
  testId: string;
}) {
  return (
    <NativeSelect.Root size="sm" w="32">
      <NativeSelect.Field
        aria-label={props.label}
        value={props.value ?? "all"}
        onChange={(e) => props.onChange(e.target.value === "all" ? undefined : e.target.value)}
        data-testid={props.testId}
      >
        <option value="all">{L.list.all}</option>
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
