import { StackHandler } from "@latchkey/next";
import { stackServerApp } from "../../../stack";

export default function Handler(props: unknown) { return <StackHandler fullPage app={stackServerApp} routeProps={props} />; }
