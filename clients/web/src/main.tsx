import { render } from "preact";
import "./styles.css";
import { Client, serverUrl } from "./app/client.js";
import { App } from "./ui/app.js";

const client = new Client(serverUrl(), localStorage);
client.connection.start();
render(<App client={client} />, document.getElementById("app")!);
