import { HStack, RadioGroup } from "@chakra-ui/react";

export interface RadioChoicesProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  choices: readonly (readonly [V, string])[];
  /** Each item gets data-testid `${testIdPrefix}-${value}` (on the clickable label). */
  testIdPrefix: string;
  gap?: string;
  size?: "sm" | "md";
  mb?: string;
  "aria-label"?: string;
}

/** A row of radio choices (value, label) in the brand palette. */
export function RadioChoices<V extends string>({
  value,
  onChange,
  choices,
  testIdPrefix,
  gap = "6",
  size,
  mb,
  "aria-label": ariaLabel,
}: RadioChoicesProps<V>) {
  return (
    <RadioGroup.Root value={value} onValueChange={(d) => onChange(d.value as V)} aria-label={ariaLabel} colorPalette="brand" size={size}>
      <HStack gap={gap} mb={mb}>
        {choices.map(([v, label]) => (
          <RadioGroup.Item key={v} value={v} data-testid={`${testIdPrefix}-${v}`}>
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{label}</RadioGroup.ItemText>
          </RadioGroup.Item>
        ))}
      </HStack>
    </RadioGroup.Root>
  );
}
