import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { registerSchema } from '../../../shared/schemas/auth';
import type { z } from '../../../shared/schemas/zod';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Field';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { toast } from '../../components/ui/toast';
import { ApiError, api, GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import { refreshMe } from '../../lib/session';
import { linkClasses } from './AuthCard';

type RegisterValues = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

/**
 * What a registration led to: `signedIn` for a new account (the session is loaded), `confirm` when
 * the server answered without a session (an address that already has an account: the neutral answer).
 */
export type RegisterOutcome = 'signedIn' | 'confirm';

interface RegisterFormProps {
  /** Runs after a successful answer, before anything else happens; the page decides where to go. */
  onRegistered: (outcome: RegisterOutcome, data: RegisterData) => Promise<void> | void;
  submitLabel?: string;
}

/** The registration form (spec §2/§5), also used by register-and-pay. */
export function RegisterForm({ onRegistered, submitLabel = 'Registrieren' }: RegisterFormProps) {
  const form = useForm<RegisterValues, unknown, RegisterData>({
    resolver: zodResolver(registerSchema),
    defaultValues: {
      name: '',
      email: '',
      password: '',
      passwordConfirm: '',
      privacyConsent: false,
      termsConsent: false,
    },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await api<{ token: string | null }>('/api/auth/sign-up/email', {
        method: 'POST',
        body: values,
      });
      if (answer.token) {
        await refreshMe();
        await onRegistered('signedIn', values);
      } else {
        await onRegistered('confirm', values);
      }
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      toast({
        title: 'Registrierung fehlgeschlagen',
        description: error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE,
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Registrierung" className="flex flex-col gap-5">
      <Input label="Name" required autoComplete="name" error={errors.name?.message} {...register('name')} />
      <Input
        label="E-Mail"
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordInput
        label="Passwort"
        required
        autoComplete="new-password"
        hint="Mindestens 8 Zeichen."
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordInput
        label="Passwort bestätigen"
        required
        autoComplete="new-password"
        error={errors.passwordConfirm?.message}
        {...register('passwordConfirm')}
      />
      <Checkbox
        required
        error={errors.privacyConsent?.message}
        label={
          <>
            Ich habe die{' '}
            <Link to="/datenschutz" target="_blank" className={linkClasses}>
              Datenschutzerklärung
            </Link>{' '}
            gelesen und stimme ihr zu.
          </>
        }
        {...register('privacyConsent')}
      />
      <Checkbox
        required
        error={errors.termsConsent?.message}
        label={
          <>
            Ich akzeptiere die{' '}
            <Link to="/agb" target="_blank" className={linkClasses}>
              AGB
            </Link>
            .
          </>
        }
        {...register('termsConsent')}
      />
      <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
        {submitLabel}
      </Button>
    </form>
  );
}

/** The toasts after a registration, shared by both registration pages. */
export function announceRegistration(outcome: RegisterOutcome) {
  if (outcome === 'signedIn') {
    toast({ title: 'Registrierung erfolgreich!', description: 'Bitte bestätigen Sie Ihre E-Mail-Adresse.' });
  } else {
    toast({
      title: 'Bestätigung erforderlich',
      description:
        'Wir haben Ihnen eine E-Mail geschickt. Bitte prüfen Sie Ihr Postfach und melden Sie sich an.',
    });
  }
}
