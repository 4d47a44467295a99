import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { CONTACT_MESSAGES, contactSchema } from '../../../shared/schemas/contact';
import type { z } from '../../../shared/schemas/zod';
import { SiteLink } from '../../components/SiteLink';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input, Textarea } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';

type ContactFormValues = z.input<typeof contactSchema>;

const EMPTY: ContactFormValues = { name: '', email: '', message: '', privacyConsent: false };

/** Name of the honeypot field (the server's HONEYPOT_FIELD): hidden from people, filled in by bots. */
const HONEYPOT = 'website';

/** The contact form of the #cta section (its own chunk: it loads when the reader gets near it). */
export function ContactForm() {
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useForm<ContactFormValues, unknown, z.output<typeof contactSchema>>({
    resolver: zodResolver(contactSchema),
    defaultValues: EMPTY,
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/api/contact', {
        method: 'POST',
        body: { ...values, [HONEYPOT]: honeypot.current?.value || undefined },
      });
      reset(EMPTY);
      toast({
        title: CONTACT_MESSAGES.sentTitle,
        description: 'Wir melden uns so bald wie möglich bei Ihnen.',
      });
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      const limited = error instanceof ApiError && error.status === 429;
      toast({
        title: CONTACT_MESSAGES.failedTitle,
        description: limited ? error.message : CONTACT_MESSAGES.failed,
        variant: 'destructive',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Kontaktformular" className="flex flex-col gap-5">
      <Input label="Name" required autoComplete="name" error={errors.name?.message} {...register('name')} />
      <Input
        label="E-Mail"
        type="email"
        required
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <Textarea
        label="Nachricht"
        required
        rows={5}
        error={errors.message?.message}
        {...register('message')}
      />
      <Checkbox
        required
        error={errors.privacyConsent?.message}
        label={
          <>
            Ich habe die{' '}
            <SiteLink to="/datenschutz" className="font-medium text-teal-800 underline underline-offset-2">
              Datenschutzerklärung
            </SiteLink>{' '}
            gelesen und bin einverstanden, dass meine Angaben zur Beantwortung meiner Anfrage verarbeitet
            werden.
          </>
        }
        {...register('privacyConsent')}
      />
      {/* Bots fill in every field; people never see this one. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Bitte leer lassen</label>
        <input
          ref={honeypot}
          id="contact-website"
          name={HONEYPOT}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <Button type="submit" size="lg" loading={isSubmitting} className="self-start">
        Nachricht senden
      </Button>
    </form>
  );
}
