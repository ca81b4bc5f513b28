/** Spanish texts of the hosted app and of its checkout, billing and unsubscribe pages, loaded when a page shows Spanish. */
import type { HostedKey } from "../messages-en.js";
import type { PaymentKey } from "../pages/checkout/messages-en.js";
import type { UnsubscribeKey } from "../pages/unsubscribe/messages-en.js";
import type { Translation } from "../react.js";

export const hosted = {
  missingTitle: "Aplicación no encontrada",
  missingText: "Esta aplicación no existe. Compruebe el enlace que ha seguido.",
} satisfies Translation<HostedKey>;

export const unsubscribe = {
  title: "Cancelar la suscripción",
  marketing: "de marketing",
  otherCategory: "opcionales",
  question: "¿Dejar de recibir los correos {category} de {project}?",
  stillReceive: "Seguirá recibiendo los correos necesarios para usar su cuenta, como los enlaces de inicio de sesión y los avisos de seguridad.",
  confirm: "Cancelar la suscripción",
  doneTitle: "Se ha cancelado la suscripción",
  doneText: "Ya no recibirá correos {category} de {project}. Puede volver a activarlos en la configuración de su cuenta.",
  invalidTitle: "Enlace no válido",
  invalidText: "Este enlace para cancelar la suscripción no es válido. Use el enlace del correo más reciente o cambie sus preferencias de correo en su cuenta.",
  failed: "Algo ha salido mal. Vuelva a intentarlo.",
  checking: "Comprobando el enlace…",
} satisfies Translation<UnsubscribeKey>;

export const payment = {
  checkoutTitle: "Pago",
  loading: "Cargando la oferta…",
  invalidTitle: "Este enlace de pago no funciona",
  invalidText: "Puede que haya caducado (los enlaces duran 24 horas) o que ya se haya usado. Pida uno nuevo.",
  loadFailed: "No se pudo cargar la oferta. Compruebe su conexión y vuelva a intentarlo.",
  retry: "Reintentar",
  offeredBy: "Ofrecido por {project}",
  choosePrice: "Elija un precio",
  quantity: "Cantidad",
  included: "Incluido",
  noItems: "No incluye ningún artículo.",
  everyInterval: "cada {interval}",
  expiresWhenRepeated: "hasta la próxima asignación",
  expiresWithPurchase: "mientras dure la compra",
  freeTrial: "Prueba gratuita: {interval}",
  testModeNote: "Modo de prueba: esta compra se completa sin ningún pago.",
  testModeAdminOnly: "Modo de prueba: las compras de prueba las completan los administradores de la aplicación, no esta página.",
  completeTest: "Completar la compra de prueba",
  continueToPayment: "Continuar al pago",
  notPayable: "Los pagos aún no están configurados para esta aplicación.",
  purchaseFailed: "La compra no se ha realizado: {reason}",
  successTitle: "Compra completada",
  successText: "¡Gracias! {offer} ya es suyo.",
  paymentReceived: "Pago recibido. Su compra puede tardar un momento en aparecer.",
  cancelledText: "Se canceló el pago. Puede volver a elegir abajo.",
  billingTitle: "Facturación",
  billingLoading: "Cargando sus compras…",
  activeOffers: "Ofertas activas",
  noOffers: "No tiene ninguna oferta activa.",
  balances: "Saldos de artículos",
  noBalances: "No hay artículos configurados.",
  cancel: "Cancelar la suscripción",
  cancelConfirm: "¿Cancelar {offer}? Dejará de renovarse a partir de ahora.",
  confirmCancel: "Sí, cancelar",
  keep: "Mantenerla",
  cancelled: "Se ha cancelado {offer}.",
  renews: "Se renueva el {date}",
  testBadge: "Prueba",
  oneTime: "Compra única",
  subscription: "Suscripción",
  billingFailed: "No se pudieron cargar sus compras.",
  signInNeeded: "Inicie sesión para ver sus compras.",
} satisfies Translation<PaymentKey>;
