import { useEffect, useState } from "react";
import { Button, HStack, Input, NativeSelect } from "@chakra-ui/react";
import { L } from "../../labels";

/** A keyword box with a search button; an optional select narrows the search (e.g. member state). */
export function SearchBox(props: {
  value?: string;
  onSearch: (keyword: string) => void;
  placeholder?: string;
  testId: string;
  select?: { value?: string; options: { value: string; label: string }[]; onChange: (v: string | undefined) => void; label: string };
}) {
  const [text, setText] = useState(props.value ?? "");
  useEffect(() => setText(props.value ?? ""), [props.value]);
  return (
    <HStack
      as="form"
      gap="2"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSearch(text);
      }}
      role="search"
    >
      {props.select && (
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field
            aria-label={props.select.label}
            value={props.select.value ?? ""}
            onChange={(e) => props.select!.onChange(e.currentTarget.value || undefined)}
            data-testid={`${props.testId}-select`}
          >
            <option value="">{L.list.all}</option>
            {props.select.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      )}
      <Input
        size="sm"
        maxW="xs"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={props.placeholder ?? L.list.searchPlaceholder}
        maxLength={100}
        data-testid={`${props.testId}-input`}
      />
      <Button size="sm" type="submit" colorPalette="brand" data-testid={`${props.testId}-submit`}>
        {L.list.search}
      </Button>
    </HStack>
  );
}
