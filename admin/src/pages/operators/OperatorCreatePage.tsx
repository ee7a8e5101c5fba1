import { Button, ButtonGroup, Card, Field, Heading, Input, NativeSelect, Stack, Text } from "@chakra-ui/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Code } from "@domain/codes";
import { Msg } from "@domain/messages";
import {
  OPERATOR_PRESETS,
  flagsToArrays,
  operatorCreateBody,
  type OperatorCreateBody,
  type OperatorPreset,
} from "@domain/schemas/operators";
import { OperatorPermission, type OperatorFlag } from "@domain/constants";
import { callEndpoint } from "../../api/endpoints";
import { endpointKey } from "../../api/queries";
import { useSession } from "../../api/session";
import { ApiError } from "../../api/client";
import { snack } from "../../components/ui/toaster";
import { L } from "../../labels";
import { PermissionGroups } from "./PermissionGroups";

const EMPTY: OperatorCreateBody = { account_id: 0, id: "", password: "", ...flagsToArrays({}) };

/** /admin/account/create: an operator linked to a member, with its rights set by checkbox or preset (spec §4, §5, §8). */
export function OperatorCreatePage() {
  const qc = useQueryClient();
  const { account } = useSession();
  // Only permission 0 hands out any flag; a sub admin only the ones it holds (the server checks the same).
  const grantable = (f: OperatorFlag) => account?.permission === OperatorPermission.SUPER || account?.flags[f] === true;
  const members = useQuery({ queryKey: ["connectable"], queryFn: ({ signal }) => callEndpoint("connectable", undefined, { signal }) });
  const form = useForm<OperatorCreateBody, unknown, OperatorCreateBody>({
    resolver: zodResolver(operatorCreateBody),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, setValue, reset, formState, watch } = form;
  const values = watch();

  const preset = (p: OperatorPreset) => {
    const arrays = flagsToArrays(Object.fromEntries(OPERATOR_PRESETS[p].filter(grantable).map((f) => [f, true])));
    for (const [g, v] of Object.entries(arrays)) setValue(g as keyof typeof arrays, v, { shouldDirty: true });
  };

  const submit = handleSubmit(async (values) => {
    try {
      await callEndpoint("operatorCreate", values);
      snack(Msg.adminCreated, { type: "success" });
      reset(EMPTY);
      void qc.invalidateQueries({ queryKey: ["connectable"] });
      void qc.invalidateQueries({ queryKey: endpointKey("operatorList") });
    } catch (e) {
      // Spec §8: 400 is '아이디가 존재합니다' (or the input rule the server found broken); anything else failed.
      snack(e instanceof ApiError && e.code === Code.BAD_REQUEST ? e.message : Msg.adminCreateFailed, { type: "error" });
    }
  });

  return (
    <Stack gap="4">
      <Heading size="lg" data-testid="admin-page-title">
        {L.operator.createTitle}
      </Heading>
      <Card.Root bg="card.bg">
        <Card.Body>
          <form onSubmit={submit} noValidate data-testid="operator-create-form">
            <Stack gap="5">
              <Field.Root invalid={!!formState.errors.account_id} required>
                <Field.Label>{L.operator.linkedMember}</Field.Label>
                <NativeSelect.Root size="sm" maxW="md">
                  <NativeSelect.Field {...register("account_id", { valueAsNumber: true })} data-testid="operator-member">
                    <option value={0}>{L.operator.chooseMember}</option>
                    {(members.data ?? []).map((m) => (
                      <option key={m.id} value={m.id}>
                        {`${m.username} (${m.phonenumber}) · ${L.member.permissions[m.permission]}`}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Field.ErrorText>{formState.errors.account_id?.message}</Field.ErrorText>
                {/* Not an empty list: the members could not be read. */}
                {members.isError && (
                  <Field.HelperText color="fg.error" role="alert" data-testid="operator-member-error">
                    {members.error.message}{" "}
                    <Button size="xs" variant="outline" onClick={() => void members.refetch()} loading={members.isFetching}>
                      {L.retry}
                    </Button>
                  </Field.HelperText>
                )}
              </Field.Root>
              <Field.Root invalid={!!formState.errors.id} required>
                <Field.Label>{L.operator.loginId}</Field.Label>
                <Input size="sm" maxW="md" autoComplete="off" {...register("id")} data-testid="operator-id" />
                <Field.ErrorText data-testid="operator-id-error">{formState.errors.id?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!formState.errors.password} required>
                <Field.Label>{L.operator.password}</Field.Label>
                <Input
                  size="sm"
                  maxW="md"
                  type="password"
                  autoComplete="new-password"
                  {...register("password")}
                  data-testid="operator-password"
                />
                <Field.ErrorText data-testid="operator-password-error">{formState.errors.password?.message}</Field.ErrorText>
              </Field.Root>
              <Stack gap="2">
                <Text fontWeight="semibold">{L.operator.presets}</Text>
                <ButtonGroup size="sm" variant="outline">
                  {(Object.keys(OPERATOR_PRESETS) as OperatorPreset[]).map((p) => (
                    <Button key={p} onClick={() => preset(p)} data-testid={`operator-preset-${p}`}>
                      {L.operator.presetNames[p]}
                    </Button>
                  ))}
                </ButtonGroup>
              </Stack>
              <PermissionGroups value={values} grantable={grantable} onChange={(g, next) => setValue(g, next, { shouldDirty: true })} />
              <Button
                type="submit"
                colorPalette="brand"
                alignSelf="flex-start"
                loading={formState.isSubmitting}
                data-testid="operator-submit"
              >
                {L.operator.create}
              </Button>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}
