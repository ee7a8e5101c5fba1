import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClientInput } from "@domain/api/endpoint";
import { memberSelfApi } from "@domain/api/members";
import { memberBoardsApi } from "@domain/api/boards";
import { policiesApi } from "@domain/api/policies";
import { balanceKey } from "./balance";
import { callEndpoint } from "./endpoint";

/** Query keys, one per cached resource. */
export const accountKeys = {
  myInfo: ["myinfo"] as const,
  favorites: ["favorites"] as const,
  notices: (page: number) => ["notices", page] as const,
  faqs: (page: number) => ["faqs", page] as const,
  events: (page: number) => ["events", page] as const,
  inquiries: ["inquiries"] as const,
  inquiryPage: (page: number) => ["inquiries", page] as const,
  policy: (id: number) => ["policy", id] as const,
};

/** TanStack Query hooks over the account, customer-service and policy endpoints. */
export function useMyInfo() {
  return useQuery({ queryKey: accountKeys.myInfo, queryFn: () => callEndpoint(memberSelfApi.myInfo) });
}

export function useUpdateMyInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientInput<typeof memberSelfApi.myInfoUpdate>) => callEndpoint(memberSelfApi.myInfoUpdate, body),
    onSuccess: (data) => {
      qc.setQueryData(accountKeys.myInfo, data);
      void qc.invalidateQueries({ queryKey: balanceKey });
    },
  });
}

export function useFavorites() {
  return useQuery({ queryKey: accountKeys.favorites, queryFn: () => callEndpoint(memberSelfApi.favorites) });
}

export function useFavoriteMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: accountKeys.favorites });
  return {
    add: useMutation({
      mutationFn: (body: ClientInput<typeof memberSelfApi.favoriteCreate>) => callEndpoint(memberSelfApi.favoriteCreate, body),
      onSuccess: refresh,
    }),
    check: useMutation({
      mutationFn: (body: ClientInput<typeof memberSelfApi.favoriteCheck>) => callEndpoint(memberSelfApi.favoriteCheck, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callEndpoint(memberSelfApi.favoriteDelete, { select_list: ids }),
      onSuccess: refresh,
    }),
  };
}

export function useNotices(page: number) {
  return useQuery({
    queryKey: accountKeys.notices(page),
    queryFn: () => callEndpoint(memberBoardsApi.csNotices, { page }),
    placeholderData: keepPreviousData,
  });
}

export function useEvents(page: number) {
  return useQuery({
    queryKey: accountKeys.events(page),
    queryFn: () => callEndpoint(memberBoardsApi.csEvents, { page }),
    placeholderData: keepPreviousData,
  });
}

export function useFaqs(page: number) {
  return useQuery({
    queryKey: accountKeys.faqs(page),
    queryFn: () => callEndpoint(memberBoardsApi.csFaqs, { page }),
    placeholderData: keepPreviousData,
  });
}

export function useInquiries(page: number) {
  return useQuery({
    queryKey: accountKeys.inquiryPage(page),
    queryFn: () => callEndpoint(memberBoardsApi.csInquiries, { page }),
    placeholderData: keepPreviousData,
  });
}

export function useInquiryMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: accountKeys.inquiries });
  return {
    create: useMutation({
      mutationFn: (body: ClientInput<typeof memberBoardsApi.csInquiryCreate>) => callEndpoint(memberBoardsApi.csInquiryCreate, body),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: ClientInput<typeof memberBoardsApi.csInquiryUpdate>) => callEndpoint(memberBoardsApi.csInquiryUpdate, body),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callEndpoint(memberBoardsApi.csInquiryDelete, { id }),
      onSuccess: refresh,
    }),
  };
}

export function usePolicy(id: number) {
  return useQuery({ queryKey: accountKeys.policy(id), queryFn: () => callEndpoint(policiesApi.policy, { id }) });
}
