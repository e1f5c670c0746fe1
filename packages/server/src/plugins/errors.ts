import type { ErrorBody, ErrorCode, FieldError } from '@layerloom/api';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';

const codeForStatus: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

function send(reply: FastifyReply, status: number, error: ErrorBody['error']): FastifyReply {
  const body: ErrorBody = { status: 'error', error };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Turns a request validation failure into the field list of the error envelope. */
function validationFields(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  return error.validation.map<FieldError>((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
    message: issue.message ?? 'is invalid',
  }));
}

/**
 * The one error handler: user-caused errors keep their status and message; anything else is
 * logged with the request's context and answered with a generic 500 that leaks nothing.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return send(reply, error.statusCode, {
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
        ...(error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = validationFields(error);
      const first = fields[0];
      return send(reply, 400, {
        code: 'VALIDATION_FAILED',
        message: first ? `${first.path}: ${first.message}` : 'The request is invalid',
        fields,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty; send a JSON object'
            : error.message;
      return send(reply, status, { code: codeForStatus[status] ?? 'BAD_REQUEST', message });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, {
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again in a moment.',
    });
  });
}

/** Sends the 404 envelope for an API path no route matches. */
export function sendApiNotFound(reply: FastifyReply, method: string, url: string): FastifyReply {
  const path = url.split('?')[0];
  return send(reply, 404, { code: 'NOT_FOUND', message: `No API route for ${method} ${path}` });
}

/**
 * Fastify's router errors (an address that does not decode, a path segment over the router's length
 * limit) in the error envelope: no id is that long, so the second is a 404 like any unknown resource.
 */
export function frameworkError(error: FastifyError, _request: unknown, reply: FastifyReply): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, 404, {
      code: 'NOT_FOUND',
      message: 'Nothing here: a part of the address is too long',
    });
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return send(reply, 400, { code: 'BAD_REQUEST', message: 'The address is not valid' });
  }
  return send(reply, error.statusCode && error.statusCode < 500 ? error.statusCode : 400, {
    code: 'BAD_REQUEST',
    message: 'The request could not be read',
  });
}
