import {
  type AccountSummary,
  cancelEmailChange,
  deleteAvatar,
  getProfile,
  listProfileReferrals,
  type Profile,
  type ProfileFields,
  type User,
  updateProfile,
  uploadAvatar,
} from '@layerloom/api';
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { sessionKey } from '../auth/session.ts';

export const profileKey = ['account', 'profile'] as const;

type ProfileData = { profile: Profile; summary: AccountSummary };

/** The signed-in user's profile, plan and totals (Profile page, Edit Profile tab). */
export function useProfile() {
  return useQuery({
    queryKey: profileKey,
    queryFn: async ({ signal }): Promise<ProfileData> => (await call(getProfile, { signal })).data,
  });
}

/** Makes a changed user the session's (the header shows it at once) and the profile's. */
function applyUser(client: QueryClient, user: User): void {
  client.setQueryData(sessionKey, user);
  client.setQueryData<ProfileData>(profileKey, (data) =>
    data ? { ...data, profile: { ...data.profile, user } } : data,
  );
}

function applyProfile(client: QueryClient, profile: Profile): void {
  client.setQueryData(sessionKey, profile.user);
  client.setQueryData<ProfileData>(profileKey, (data) => (data ? { ...data, profile } : data));
}

/** Saves the Edit Profile form; a new email is only pending until its link is opened. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (fields: ProfileFields) => (await call(updateProfile, { body: fields })).data.profile,
    onSuccess: (profile) => applyProfile(client, profile),
  });
}

/** Cancels the email change waiting for confirmation. */
export function useCancelEmailChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(cancelEmailChange)).data.profile,
    onSuccess: (profile) => applyProfile(client, profile),
  });
}

/** Uploads a new avatar (the server checks, resizes and stores it). */
export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return (await call(uploadAvatar, { body })).data.user;
    },
    onSuccess: (user) => applyUser(client, user),
  });
}

/** Removes the avatar (initials are shown again). */
export function useRemoveAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await call(deleteAvatar)).data.user,
    onSuccess: (user) => applyUser(client, user),
  });
}

/** A page of the people the user referred (Profile page), paged on the server. */
export function useProfileReferrals(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['account', 'referrals', page, pageSize],
    queryFn: async ({ signal }) =>
      (await call(listProfileReferrals, { query: { page, pageSize }, signal })).data,
    placeholderData: keepPreviousData,
  });
}
