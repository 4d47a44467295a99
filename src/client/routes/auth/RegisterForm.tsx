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
import { linkClasses } from './AuthCard';

type RegisterValues = z.input<typeof registerSchema>;
export type RegisterData = z.output<typeof registerSchema>;

interface RegisterFormProps {
  /** Runs after a successful answer; the page decides where to go. */
  onRegistered: (data: RegisterData) => Promise<void> | void;
  /** Where the link of the confirmation mail leads once it has signed in (default: the dashboard). */
  confirmedPath?: string;
  submitLabel?: string;
}

/**
 * The registration form (spec §2/§5), also used by register-and-pay. Registering signs no one in: the
 * answer is the same whether the address is new or already has an account (ADR 0015), and the link of
 * the confirmation mail signs in.
 */
export function RegisterForm({
  onRegistered,
  confirmedPath,
  submitLabel = 'Registrieren',
}: RegisterFormProps) {
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
      await api('/api/auth/sign-up/email', {
        method: 'POST',
        body: confirmedPath ? { ...values, callbackURL: confirmedPath } : values,
      });
      await onRegistered(values);
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

/** The toast after a registration, shared by both registration pages. */
export function announceRegistration() {
  toast({ title: 'Registrierung erfolgreich!', description: 'Bitte bestätigen Sie Ihre E-Mail-Adresse.' });
}

/** Navigation state for /login after a registration: the login page then explains the mailed link. */
export interface RegisteredState {
  registered: string;
}
