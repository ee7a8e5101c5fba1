import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { accountApi, accountKeys, type MyInfoUpdate } from "./accountApi";
import { balanceKey } from "./balance";
import { callApi } from "./endpoint";

/** TanStack Query hooks over accountApi. */
export function useMyInfo() {
  return useQuery({ queryKey: accountKeys.myInfo, queryFn: () => callApi(accountApi.myInfo, {}) });
}

export function useUpdateMyInfo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MyInfoUpdate) => callApi(accountApi.updateMyInfo, { body }),
    onSuccess: (data) => {
      qc.setQueryData(accountKeys.myInfo, data);
      void qc.invalidateQueries({ queryKey: balanceKey });
    },
  });
}

export function useFavorites() {
  return useQuery({ queryKey: accountKeys.favorites, queryFn: () => callApi(accountApi.favorites, {}) });
}

export function useFavoriteMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: accountKeys.favorites });
  return {
    add: useMutation({
      mutationFn: (body: { nickname: string; address: string }) => callApi(accountApi.addFavorite, { body }),
      onSuccess: refresh,
    }),
    check: useMutation({
      mutationFn: (body: { id: number; check: boolean }) => callApi(accountApi.checkFavorite, { body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (ids: number[]) => callApi(accountApi.deleteFavorites, { body: { select_list: ids } }),
      onSuccess: refresh,
    }),
  };
}

export function useNotices(page: number) {
  return useQuery({
    queryKey: accountKeys.notices(page),
    queryFn: () => callApi(accountApi.notices, { params: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useEvents(page: number) {
  return useQuery({
    queryKey: accountKeys.events(page),
    queryFn: () => callApi(accountApi.events, { params: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useFaqs(page: number) {
  return useQuery({
    queryKey: accountKeys.faqs(page),
    queryFn: () => callApi(accountApi.faqs, { params: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useInquiries(page: number) {
  return useQuery({
    queryKey: accountKeys.inquiryPage(page),
    queryFn: () => callApi(accountApi.inquiries, { params: { page } }),
    placeholderData: keepPreviousData,
  });
}

export function useInquiryMutations() {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: accountKeys.inquiries });
  return {
    create: useMutation({
      mutationFn: (body: { title: string; content: string }) => callApi(accountApi.createInquiry, { body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (body: { id: number; title: string; content: string }) => callApi(accountApi.updateInquiry, { body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callApi(accountApi.deleteInquiry, { params: { id } }),
      onSuccess: refresh,
    }),
  };
}

export function usePolicy(id: number) {
  return useQuery({ queryKey: accountKeys.policy(id), queryFn: () => callApi(accountApi.policy, { params: { id } }) });
}
