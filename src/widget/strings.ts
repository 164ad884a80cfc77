/**
 * The website widget's words, English and Spanish (the visitor's browser language picks). The
 * widget is its own small bundle on other sites, without the app's i18n files; its strings live
 * here, beside the app's `chat` area strings they match.
 */
const EN = {
  open: 'Chat with us',
  close: 'Close the chat',
  title: 'Chat',
  /** The bot's name when its owner set none (the app's chat.settings.defaultName). */
  assistant: 'Assistant',
  placeholder: 'Type your message',
  send: 'Send',
  person: 'Talk to a person',
  unsure: "I can't answer that from our help desk. Would you like to talk to a person?",
  cited: 'From the help desk: {q}',
  waiting: 'A person will answer you here soon.',
  tookOver: '{name} joined the conversation.',
  handedBack: 'The bot is answering again.',
  closed: 'This conversation is closed.',
  botFailed: 'A person will answer you here soon.',
  failed: 'Your message could not be sent. Try again.',
  tooFast: 'You are sending messages too fast. Please wait a moment and try again.',
  unavailable: 'The chat is not available right now. Try again later.',
  unread: 'New messages',
  typing: '{name} is typing…',
};
export type WidgetStrings = Record<keyof typeof EN, string>;

export const WIDGET_STRINGS: Record<'en' | 'es', WidgetStrings> = {
  en: EN,
  es: {
    open: 'Chatea con nosotros',
    close: 'Cerrar el chat',
    title: 'Chat',
    assistant: 'Asistente',
    placeholder: 'Escribe tu mensaje',
    send: 'Enviar',
    person: 'Hablar con una persona',
    unsure: 'No puedo responder a eso con nuestra mesa de ayuda. ¿Quieres hablar con una persona?',
    cited: 'De la mesa de ayuda: {q}',
    waiting: 'Una persona te responderá aquí pronto.',
    tookOver: '{name} se unió a la conversación.',
    handedBack: 'El bot vuelve a responder.',
    closed: 'Esta conversación está cerrada.',
    botFailed: 'Una persona te responderá aquí pronto.',
    failed: 'No se pudo enviar tu mensaje. Inténtalo de nuevo.',
    tooFast: 'Estás enviando mensajes demasiado rápido. Espera un momento y vuelve a intentarlo.',
    unavailable: 'El chat no está disponible ahora. Inténtalo más tarde.',
    unread: 'Mensajes nuevos',
    typing: '{name} está escribiendo…',
  },
};
export const stringsFor = (language: string): WidgetStrings =>
  language.toLowerCase().startsWith('es') ? WIDGET_STRINGS.es : WIDGET_STRINGS.en;
