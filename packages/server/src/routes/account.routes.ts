import {
  changePasswordBodySchema,
  cookieConsentBodySchema,
  deleteRequestBodySchema,
  forgotPasswordBodySchema,
  resetPasswordBodySchema,
  tokenBodySchema,
  updateLanguageBodySchema,
  updatePaypalBodySchema,
  updateProfileBodySchema,
  userSchema,
} from '@giro/contract/auth';
import { okSchema } from '@giro/contract/common';
import { findUserById } from '../db/user.repository';
import { changePassword } from '../use-cases/change-password';
import { deleteAccount, requestAccountDeletion } from '../use-cases/delete-account';
import { recordCookieConsent } from '../use-cases/record-cookie-consent';
import { requestPasswordReset } from '../use-cases/request-password-reset';
import { resetPassword } from '../use-cases/reset-password';
import { sendVerificationEmail } from '../use-cases/send-verification-email';
import { updateLanguage, updatePaypalEmail, updateProfile } from '../use-cases/update-profile';
import { verifyEmail } from '../use-cases/verify-email';
import { userView } from '../views/user.view';
import { limit, type Routes, typed } from './route-kit';

const tags = ['account'];
const ok = { ok: true as const };
const okResponse = { 200: okSchema };

export const accountRoutes: Routes = (app, deps) => {
  const r = typed(app);

  r.post(
    '/api/verify-email/send',
    { schema: { tags, response: okResponse }, config: limit(deps, 5, '10 minutes', true) },
    async (request) => {
      const user = await request.requireUser();
      // One a minute: the refusal says when to ask again (Retry-After), as every limit does.
      await sendVerificationEmail(deps, user.id, request.language);
      return ok;
    },
  );

  r.post(
    '/api/verify-email',
    { schema: { tags, body: tokenBodySchema, response: okResponse } },
    async (request) => {
      await verifyEmail(deps, request.body.token);
      return ok;
    },
  );

  r.post(
    '/api/forgot-password',
    {
      schema: { tags, body: forgotPasswordBodySchema, response: okResponse },
      config: limit(deps, 5, '15 minutes'),
    },
    async (request) => {
      await requestPasswordReset(deps, request.body.email, request.language);
      return ok;
    },
  );

  r.post(
    '/api/reset-password',
    {
      schema: { tags, body: resetPasswordBodySchema, response: okResponse },
      config: limit(deps, 10, '15 minutes'),
    },
    async (request) => {
      await resetPassword(deps, request.body.token, request.body.password);
      return ok;
    },
  );

  r.post(
    '/api/change-password',
    {
      schema: { tags, body: changePasswordBodySchema, response: okResponse },
      config: limit(deps, 10, '15 minutes', true),
    },
    async (request) => {
      const user = await request.requireUser();
      await changePassword(
        deps,
        user,
        request.body,
        request.session.sessionId,
        request.session.knownBrowser(),
      );
      return ok;
    },
  );

  r.patch(
    '/api/user',
    { schema: { tags, body: updateProfileBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const user = await request.requireUser();
      await updateProfile(deps, user.id, request.body);
      return userView((await findUserById(deps.db, user.id))!);
    },
  );

  r.put(
    '/api/user/language',
    { schema: { tags, body: updateLanguageBodySchema, response: okResponse } },
    async (request) => {
      const user = await request.requireUser();
      await updateLanguage(deps, user.id, request.body.languagePreference);
      return ok;
    },
  );

  r.put(
    '/api/user/paypal',
    { schema: { tags, body: updatePaypalBodySchema, response: okResponse } },
    async (request) => {
      const user = await request.requireUser();
      await updatePaypalEmail(deps, user, request.body.paypalEmail);
      return ok;
    },
  );

  r.post(
    '/api/user/delete-request',
    {
      schema: { tags, body: deleteRequestBodySchema, response: okResponse },
      config: limit(deps, 5, '15 minutes', true),
    },
    async (request) => {
      const user = await request.requireUser();
      await requestAccountDeletion(
        deps,
        user,
        request.body.password,
        request.language,
        request.session.knownBrowser(),
      );
      return ok;
    },
  );

  r.post(
    '/api/user/delete',
    { schema: { tags, body: tokenBodySchema, response: okResponse } },
    async (request) => {
      await deleteAccount(deps, request.body.token);
      await request.session.signOut();
      return ok;
    },
  );

  r.post(
    '/api/cookie-consent',
    { schema: { tags, body: cookieConsentBodySchema, response: okResponse } },
    async (request) => {
      const user = await request.currentUser();
      await recordCookieConsent(deps, user?.id ?? null, request.body);
      return ok;
    },
  );
};
