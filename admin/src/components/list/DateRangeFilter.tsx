import { useEffect, useState } from "react";
import { Button, Field, HStack, Input, Text } from "@chakra-ui/react";
import { dateRangeError, seoulToday } from "@domain/schemas/shared/list";
import { L } from "../../labels";

/**
 * From / to dates with the spec's rule (from ≤ to ≤ today, at most 3 months: '최대 3개월 이내에서
 * 조회하실 수 있습니다.'), checked before the query is sent (the server checks it again).
 */
export function DateRangeFilter(props: { from: string; to: string; onApply: (from: string, to: string) => void; testId: string }) {
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState(props.to);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setFrom(props.from);
    setTo(props.to);
  }, [props.from, props.to]);
  const today = seoulToday();
  return (
    <Field.Root invalid={error !== null} width="auto">
      <HStack
        as="form"
        gap="2"
        wrap="wrap"
        onSubmit={(e) => {
          e.preventDefault();
          const err = dateRangeError(from, to);
          setError(err);
          if (!err) props.onApply(from, to);
        }}
      >
        <Input
          size="sm"
          type="date"
          value={from}
          max={today}
          onChange={(e) => setFrom(e.target.value)}
          aria-label={L.list.from}
          data-testid={`${props.testId}-from`}
          w="auto"
        />
        <Text>~</Text>
        <Input
          size="sm"
          type="date"
          value={to}
          max={today}
          onChange={(e) => setTo(e.target.value)}
          aria-label={L.list.to}
          data-testid={`${props.testId}-to`}
          w="auto"
        />
        <Button size="sm" type="submit" variant="outline" data-testid={`${props.testId}-apply`}>
          {L.list.query}
        </Button>
      </HStack>
      {error && <Field.ErrorText data-testid={`${props.testId}-error`}>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
