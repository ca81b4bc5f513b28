/** The request header the middleware helper sets to the path and query the visitor asked for (read by the server app). */
export const requestPathHeader = "x-latchkey-request-path";
