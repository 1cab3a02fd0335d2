import { createRequire as __ralphCreateRequire } from "node:module";
const require = __ralphCreateRequire(import.meta.url);
import{Runner,ignoredEventReason}from"./action-chunks/chunk-RQHZKP3S.js";import{readFile}from"node:fs/promises";async function endIfIgnored(env=process.env,runner=new Runner(env)){const issue=runner.getInput("issue").replace("#","");const phase=runner.getInput("phase").toLowerCase();if(issue!==""||phase!==""&&phase!=="auto")return false;const eventName=env.GITHUB_EVENT_NAME??"";const payload=await readPayload(env.GITHUB_EVENT_PATH??"");if(payload===null)return false;const reason=ignoredEventReason(eventName,payload);if(reason===null)return false;runner.setSecret(runner.getInput("github-token"));runner.info(`Ralph: nothing to do (${reason})`);try{for(const[name,value]of Object.entries(NOOP_OUTPUTS))runner.setOutput(name,value);runner.writeSummary(`## Ralph

- **Event:** \`${eventName||"(none)"}\`
- **Phase:** \`idle\` (noop)
- **Not run:** ${reason}
`)}catch(error){runner.debug(`no step summary: ${error.message}`)}return true}var NOOP_OUTPUTS={phase:"idle",status:"noop","pr-number":"",branch:"",reason:"",issue:"","parallel-stories":"[]","parallel-base":""};async function readPayload(path){if(path==="")return null;try{const value=JSON.parse(await readFile(path,"utf8"));return typeof value==="object"&&value!==null?value:null}catch{return null}}if(!await endIfIgnored().catch(()=>false)){const{run}=await import("./action-chunks/main-CXDHEPV2.js");await run()}
