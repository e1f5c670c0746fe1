import type { ProjectQuality } from '@layerloom/api';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call } from '../../lib/api.ts';
import { errorMessage } from '../../lib/api-error.ts';
import { qualityEndpoint } from './project-endpoints.ts';

/** Quiet time after the last saved change before the layers are checked again. */
export const QUALITY_DELAY_MS = 800;

/** What the Quality panel shows: the last findings, whether they may be out of date, and a failure. */
export interface QualityState {
  quality: ProjectQuality | undefined;
  /** A change is saving or being checked: the findings shown are from before it. */
  isChecking: boolean;
  error: string | null;
  retry: () => void;
}

/**
 * The saved project's layer quality, checked again after every saved change (uploads, imports, rules,
 * settings: each bumps `revision`, as the editor's counts use it), once changes pause for a moment.
 * It runs in the background and keeps the last findings meanwhile, so typing is never held up.
 */
export function useProjectQuality({
  projectId,
  revision,
  isSaving,
  enabled,
}: {
  projectId: string;
  revision: number;
  /** Edits not on the server yet: what is shown is from before them. */
  isSaving: boolean;
  /** Every layer has images (the check needs them all). */
  enabled: boolean;
}): QualityState {
  const [checked, setChecked] = useState(revision);
  useEffect(() => {
    if (checked === revision) return;
    const timer = setTimeout(() => setChecked(revision), QUALITY_DELAY_MS);
    return () => clearTimeout(timer);
  }, [checked, revision]);
  const query = useQuery<ProjectQuality>({
    queryKey: ['projects', projectId, 'quality', checked],
    queryFn: ({ signal }) =>
      call(qualityEndpoint, { params: { id: projectId }, signal }).then((answer) => answer.data),
    placeholderData: keepPreviousData,
    enabled,
    retry: false,
  });
  return {
    quality: enabled ? query.data : undefined,
    isChecking: enabled && (isSaving || checked !== revision || query.isFetching),
    error: enabled && query.isError ? errorMessage(query.error) : null,
    retry: () => void query.refetch(),
  };
}
