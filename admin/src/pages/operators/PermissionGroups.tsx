import { Checkbox, Fieldset, SimpleGrid, Stack } from "@chakra-ui/react";
import type { OperatorFlag } from "@domain/constants";
import { PERMISSION_GROUPS, PERMISSION_GROUP_NAMES, type PermissionGroup } from "@domain/schemas/operators";
import { L } from "../../labels";

/**
 * The eight permission arrays (spec §3), one fieldset each with a checkbox per flag; read-only
 * without `onChange` (the operator detail).
 */
export function PermissionGroups({
  value,
  onChange,
  grantable,
}: {
  value: Partial<Record<PermissionGroup, readonly boolean[]>>;
  onChange?: (group: PermissionGroup, next: boolean[]) => void;
  /** Flags the operator may hand out (a sub admin only its own); others are disabled. Absent: all. */
  grantable?: (flag: OperatorFlag) => boolean;
}) {
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      {PERMISSION_GROUP_NAMES.map((g) => (
        <Fieldset.Root key={g} borderWidth="1px" borderColor="card.border" rounded="md" p="3" data-testid={`perm-group-${g}`}>
          <Fieldset.Legend fontWeight="semibold">{L.operator.groups[g]}</Fieldset.Legend>
          <Stack gap="1" mt="2">
            {PERMISSION_GROUPS[g].map((flag, i) => (
              <Checkbox.Root
                key={flag}
                size="sm"
                checked={value[g]?.[i] === true}
                readOnly={!onChange}
                disabled={onChange && grantable ? !grantable(flag) : undefined}
                onCheckedChange={(e) => {
                  if (!onChange) return;
                  const next = PERMISSION_GROUPS[g].map((_, j) => value[g]?.[j] === true);
                  next[i] = e.checked === true;
                  onChange(g, next);
                }}
                data-testid={`perm-${flag}`}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{L.operator.flags[flag]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        </Fieldset.Root>
      ))}
    </SimpleGrid>
  );
}
