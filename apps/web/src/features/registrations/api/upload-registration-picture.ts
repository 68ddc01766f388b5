import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * `POST /3ds/api/registration/{id}/upload?field=Registration_Picture` — replaces the
 * registration's picture with one image (multipart/form-data, one part named "file"). The server
 * needs UPDATE_REGISTRATION (403), sniffs the type (415 "You may only upload images") and caps
 * the size at 0.5 MB (413).
 */
export interface UploadRegistrationPictureRequest {
  registrationId: string;
  file: File;
}

export function pictureFormData(file: File): FormData {
  const form = new FormData();
  form.append('file', file, file.name);
  return form;
}

export async function uploadRegistrationPicture({ registrationId, file }: UploadRegistrationPictureRequest): Promise<void> {
  await api.post(`/registration/${encodeURIComponent(registrationId)}/upload`, pictureFormData(file), {
    query: { field: 'Registration_Picture' },
  });
}

export function uploadRegistrationPictureMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['registrations', 'upload-picture'],
    mutationFn: uploadRegistrationPicture,
    // The screen says "Update Failed: {reason}" itself (spec 1 §8).
    meta: { handlesErrors: true },
    // The record reloads with the new (signed) picture link; the list shows no picture, but
    // its modification date changed.
    onSuccess: (_result, { registrationId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.record('registrations', registrationId) }),
        queryClient.invalidateQueries({ queryKey: [...recordsKeys.entity('registrations'), 'list'] }),
      ]),
  });
}

export function useUploadRegistrationPicture() {
  return useMutation(uploadRegistrationPictureMutationOptions(useQueryClient()));
}
